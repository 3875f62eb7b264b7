import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSubscribePage } from './use-link-page';

/** /subscribe/:token — confirm a product-news subscription (public). */
export default function SubscribePage() {
  useDocumentTitle('Confirm subscription');
  const p = useSubscribePage();
  return (
    <ContentLayout header={<Header variant="h1">Product news</Header>}>
      <Container>
        {p.loading ? (
          <Spinner />
        ) : p.done ? (
          <Alert type="success" data-testid="subscribe-done">
            {p.done}
          </Alert>
        ) : p.linkError ? (
          <Alert type="error">{p.linkError}</Alert>
        ) : (
          <SpaceBetween size="m">
            <Box variant="p">Confirm that {p.maskedEmail} should get Rent.Today product news.</Box>
            <Button variant="primary" onClick={p.act} loading={p.busy}>
              Confirm subscription
            </Button>
            {p.actionError ? <Alert type="error">{p.actionError}</Alert> : null}
          </SpaceBetween>
        )}
      </Container>
    </ContentLayout>
  );
}
