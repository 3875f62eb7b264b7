import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSession } from '../../auth/session';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const session = useSession();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="How Rent.Today tells you about things that need your attention.">
          Notifications
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">In the app</Header>} data-testid="notifications-current">
          <Box variant="p" margin="n">
            Today Rent.Today notifies you only inside the app: short messages confirm what you saved and warn you when
            something fails. They appear at the bottom of the screen; press Alt+T to move to them.
          </Box>
        </Container>
        <Container header={<Header variant="h2">Email</Header>}>
          <Box variant="p" margin="n">
            Rent.Today does not send email notifications yet, so there is nothing to switch on or off. When review
            requests and maintenance updates can be emailed, you will choose them here
            {session.data?.email ? (
              <>
                {' '}
                and they will go to <Box variant="strong">{session.data.email}</Box>
              </>
            ) : null}
            .
          </Box>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
