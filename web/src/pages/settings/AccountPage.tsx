import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { humanizeRole } from '@rent/shared/core/roles';
import { ORG_FETCH_ERROR, useOrganization } from '../../api/organization';
import { useSession } from '../../auth/session';
import { Avatar } from '../../components/Avatar';
import { RouterLink } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DeleteAccountSection } from './DeleteAccountSection';

export default function AccountPage() {
  useDocumentTitle('Profile');
  const session = useSession();
  const org = useOrganization();
  const user = session.data;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Your profile comes from your Google account.">
          Profile
        </Header>
      }
    >
      <SpaceBetween size="l">
        {org.error ? (
          <Alert type="error" header={ORG_FETCH_ERROR}>
            {org.errorText}
          </Alert>
        ) : null}
        <Container header={<Header variant="h2">Your account</Header>} data-testid="account-profile">
          <div className="rt-profile">
            <Avatar
              name={user?.name}
              email={user?.email}
              image={user?.image}
              size={72}
              label={`Picture of ${user?.name || user?.email || 'you'}`}
              testId="account-avatar"
            />
            <KeyValuePairs
              columns={2}
              items={[
                { label: 'Name', value: <span data-testid="account-name">{user?.name || '—'}</span> },
                { label: 'Email', value: <span data-testid="account-email">{user?.email || '—'}</span> },
                {
                  label: 'Role',
                  value: <span data-testid="account-role">{org.isPending ? '…' : humanizeRole(org.role)}</span>,
                },
                {
                  label: 'Organization',
                  value: (
                    <span data-testid="account-org">
                      {org.organization ? <RouterLink href="/org-settings">{org.organization.name}</RouterLink> : '—'}
                    </span>
                  ),
                },
              ]}
            />
          </div>
        </Container>
        <Box variant="p" color="text-body-secondary">
          To change your name or picture, update your Google account; the change shows here the next time you sign in.
        </Box>
        <DeleteAccountSection />
      </SpaceBetween>
    </ContentLayout>
  );
}
