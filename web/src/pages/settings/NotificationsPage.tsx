import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NOTIFICATIONS_LOAD_ERROR, useNotificationsPage } from './use-notifications-page';

export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const page = useNotificationsPage();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="How Rent.Today tells you about things that need your attention.">
          Notifications
        </Header>
      }
    >
      <SpaceBetween size="l">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void page.save();
          }}
        >
          <Form
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button formAction="none" disabled={!page.dirty || page.saving} onClick={page.reset}>
                  Cancel
                </Button>
                <Button variant="primary" loading={page.saving} disabled={!page.dirty} data-testid="notifications-save">
                  Save
                </Button>
              </SpaceBetween>
            }
          >
            <Container
              header={
                <Header
                  variant="h2"
                  description={
                    page.email ? (
                      <>
                        Emails go to <Box variant="strong">{page.email}</Box>.
                      </>
                    ) : undefined
                  }
                >
                  Email
                </Header>
              }
              data-testid="notifications-email"
              data-loading={page.loading ? 'true' : 'false'}
            >
              {page.loadError ? (
                <Alert
                  type="error"
                  header={NOTIFICATIONS_LOAD_ERROR}
                  action={<Button onClick={page.retry}>Retry</Button>}
                >
                  {page.loadError}
                </Alert>
              ) : (
                // While the choices load, the toggles hold their place unseen under the loading indicator (no shift).
                <div className="rt-held" aria-busy={page.loading}>
                  {page.loading ? (
                    <div className="rt-held-status">
                      <StatusIndicator type="loading">Loading</StatusIndicator>
                    </div>
                  ) : null}
                  <div className={page.loading ? 'rt-placeholder' : undefined} inert={page.loading}>
                    <SpaceBetween size="l">
                      {page.items.map((item) => (
                        <FormField key={item.kind} description={item.description} data-testid={`notify-${item.kind}`}>
                          <Toggle
                            checked={item.enabled}
                            disabled={!item.optional || page.saving}
                            onChange={({ detail }) => page.toggle(item.kind, detail.checked)}
                          >
                            {item.optional ? item.label : `${item.label} (always sent)`}
                          </Toggle>
                        </FormField>
                      ))}
                    </SpaceBetween>
                  </div>
                </div>
              )}
            </Container>
          </Form>
        </form>
        <Container header={<Header variant="h2">In the app</Header>} data-testid="notifications-current">
          <Box variant="p" margin="n">
            Short messages confirm what you saved and warn you when something fails. They appear at the bottom of the
            screen; press Alt+T to move to them.
          </Box>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
