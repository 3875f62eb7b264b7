import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { RouterLink } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useUnsubscribePage } from './use-link-page';

/** /unsubscribe/:token — stop one kind of notification email without signing in (public). */
export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const p = useUnsubscribePage();
  return (
    <ContentLayout header={<Header variant="h1">Unsubscribe</Header>}>
      <Container>
        {p.loading ? (
          <Spinner />
        ) : p.linkError ? (
          <Alert type="error">{p.linkError}</Alert>
        ) : !p.enabled ? (
          <Alert type="success" data-testid="unsubscribe-done">
            {p.maskedEmail} no longer gets “{p.label}” emails. Change this any time in{' '}
            <RouterLink href="/settings/notifications">notification settings</RouterLink>.
          </Alert>
        ) : (
          <SpaceBetween size="m">
            <Box variant="p">
              Stop “{p.label}” emails to {p.maskedEmail}?
            </Box>
            <Button variant="primary" onClick={p.act} loading={p.busy} data-testid="unsubscribe-confirm">
              Unsubscribe
            </Button>
            {p.actionError ? <Alert type="error">{p.actionError}</Alert> : null}
          </SpaceBetween>
        )}
      </Container>
    </ContentLayout>
  );
}
