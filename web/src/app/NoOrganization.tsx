import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { openCreateOrganization } from '../features/organizations/store';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { logout } from './logout';

/**
 * A signed-in person who belongs to no organization (403 NO_ORGANIZATION: removed from their last one, or they left
 * it). Nothing is made for them without asking: they create one here, or accept an invitation from its email.
 */
export function NoOrganization({ removedFrom }: { removedFrom: string | null | undefined }) {
  useDocumentTitle('No organization');
  const heading =
    removedFrom === undefined
      ? 'You are not a member of any organization'
      : `You were removed from ${removedFrom ?? 'your organization'}`;
  return (
    <Box padding={{ top: 'l' }}>
      <Container header={<Header variant="h1">{heading}</Header>} data-testid="no-organization">
        <SpaceBetween size="m">
          <Box>
            You belong to no organization now. Create one to keep your own properties and books, with you as its admin,
            or open the link in an invitation email to join someone else's.
          </Box>
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="primary" onClick={openCreateOrganization} data-testid="no-org-create">
              Create organization
            </Button>
            <Button onClick={() => void logout()}>Log out</Button>
          </SpaceBetween>
        </SpaceBetween>
      </Container>
    </Box>
  );
}
