import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { EmptyState } from '../components/EmptyState';
import { RouterButton } from '../components/RouterButton';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <ContentLayout header={<Header variant="h1">Page not found</Header>}>
      <Container>
        <EmptyState title="There is nothing at this address" action={<RouterButton href="/">Go home</RouterButton>}>
          <Box variant="span" color="inherit">
            The link may be old or mistyped.
          </Box>
        </EmptyState>
      </Container>
    </ContentLayout>
  );
}
