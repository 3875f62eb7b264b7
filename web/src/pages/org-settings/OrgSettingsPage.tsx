import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { ORGANIZATION_NAME_MAX } from '@rent/shared/core/organization';
import { humanizeRole } from '@rent/shared/core/roles';
import { ORG_FETCH_ERROR, ORG_UPDATE_ERROR } from '../../api/organization';
import { FoldPlace, useBelowTheFold } from '../../components/BelowTheFold';
import { openCreateOrganization } from '../../features/organizations/store';
import { formatDateTime } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useScrollToHash } from '../../lib/useScrollToHash';
import { MembersSection } from './MembersSection';
import { BankConnectionsSection, ClosedPeriodSection, InvitationsSection, MembershipActivitySection } from './parts';
import { useOrgSettings } from './use-org-settings';

function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

export default function OrgSettingsPage() {
  useDocumentTitle('Organization settings');
  // A link to a section (/org-settings#bank-connections, from the bank email and the dashboard) lands on it, so those
  // sections render at once, with something to land on. Otherwise within a quarter screen of view: at half a screen
  // they came with a phone's first screen.
  const hash = useScrollToHash();
  const sections = useBelowTheFold('25% 0px', hash !== '');
  const { org, organization, canRename, form, members, invitations, banks, activity, closedPeriod } = useOrgSettings(
    sections.shown,
  );
  // A tenant is told about their landlord's organization, not about keeping its books or renaming it.
  const tenant = org.role === 'TENANT';

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            tenant
              ? 'The organization you rent your home from.'
              : 'The organization holds your properties, books and team.'
          }
          actions={
            <Button onClick={openCreateOrganization} data-testid="org-create">
              Create organization
            </Button>
          }
        >
          Organization settings
        </Header>
      }
    >
      <SpaceBetween size="l">
        {org.error ? (
          <Alert
            type="error"
            header={ORG_FETCH_ERROR}
            action={<Button onClick={() => void org.refetch()}>Retry</Button>}
            data-testid="org-fetch-error"
          >
            {org.errorText}
          </Alert>
        ) : null}

        <Container header={<Header variant="h2">Organization</Header>} data-testid="org-details">
          {org.isPending && !org.error ? (
            <StatusIndicator type="loading">Loading organization</StatusIndicator>
          ) : organization ? (
            <KeyValuePairs
              columns={3}
              items={[
                { label: 'Name', value: <span data-testid="org-name">{organization.name}</span> },
                {
                  label: 'Your role',
                  value: <span data-testid="org-role">{humanizeRole(organization.userOrgRole)}</span>,
                },
                { label: 'Created', value: formatDateTime(organization.createdAt) },
              ]}
            />
          ) : (
            <Box color="text-body-secondary">No organization is loaded.</Box>
          )}
        </Container>

        {organization && canRename ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit();
            }}
            noValidate
          >
            <Form
              errorText={form.submitError ? `${ORG_UPDATE_ERROR}: ${form.submitError}` : undefined}
              errorIconAriaLabel="Error"
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button formAction="none" disabled={form.unchanged || form.saving} onClick={form.reset}>
                    Reset
                  </Button>
                  <Button variant="primary" loading={form.saving} disabled={form.unchanged} data-testid="org-save">
                    Save
                  </Button>
                </SpaceBetween>
              }
            >
              <Container header={<Header variant="h2">Rename organization</Header>}>
                <FormField
                  label="Organization name"
                  description="Shown in the header for everyone in your organization."
                  constraintText={`Required. At most ${ORGANIZATION_NAME_MAX} characters (${form.name.trim().length}/${ORGANIZATION_NAME_MAX}).`}
                  errorText={form.touched ? form.validation : null}
                  controlId="org-name-input"
                >
                  <Input
                    controlId="org-name-input"
                    value={form.name}
                    onChange={({ detail }) => {
                      form.setName(detail.value);
                      form.setTouched(true);
                    }}
                    onBlur={() => form.setTouched(true)}
                    invalid={form.touched && !!form.validation}
                    ariaRequired
                    autoComplete="organization"
                    data-testid="org-name-input"
                  />
                </FormField>
              </Container>
            </Form>
          </form>
        ) : organization && !tenant ? (
          <Alert
            type="info"
            header="Only administrators and landlords can rename the organization"
            data-testid="org-readonly"
          >
            You are signed in as {withArticle(humanizeRole(organization.userOrgRole).toLowerCase())}. Ask an
            administrator or landlord of {organization.name} if the name needs to change.
          </Alert>
        ) : null}

        {organization ? <MembersSection members={members} organizationName={organization.name} /> : null}
        {organization ? (
          <FoldPlace fold={sections}>
            {/* Drawn once the members are in: their rows arrive above and would push these down. Their data loads
                meanwhile. (Unseen rather than absent, the sections would still count as moved when they appeared.) */}
            {members.loading ? null : (
              <SpaceBetween size="l">
                {invitations.canManage ? <InvitationsSection invitations={invitations} /> : null}
                {banks.canView ? <BankConnectionsSection banks={banks} /> : null}
                {activity.visible ? <MembershipActivitySection activity={activity} /> : null}
                {closedPeriod.visible ? <ClosedPeriodSection section={closedPeriod} /> : null}
              </SpaceBetween>
            )}
          </FoldPlace>
        ) : null}
      </SpaceBetween>
    </ContentLayout>
  );
}
