import { assignableRoles, canManageMembers, mayAssignRole, mayManageMember } from '@rent/shared/core/members';
import { ORGANIZATION_NAME_MAX } from '@rent/shared/core/organization';
import { humanizeRole, OWNERS, type Role, STAFF } from '@rent/shared/core/roles';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { type Member, useChangeMemberRole, useLeaveOrganization, useMembers, useRemoveMember } from '../../api/members';
import { useOrganization, useUpdateOrganization } from '../../api/organization';
import { useSession } from '../../auth/session';
import { toast } from '../../components/toast/store';
import { useBankConnectionsSection } from './use-bank-connections-section';
import { useClosedPeriodSection } from './use-closed-period-section';
import { useInvitationsSection } from './use-invitations-section';
import { useMembershipActivity } from './use-membership-activity';

/** Client-side check of the organization name, the same bounds the server applies. */
export function validateOrganizationName(value: string): string | null {
  const name = value.trim();
  if (!name) return 'Organization name is required';
  if (name.length > ORGANIZATION_NAME_MAX)
    return `Organization name must be at most ${ORGANIZATION_NAME_MAX} characters`;
  return null;
}

/**
 * Org Settings' data: the organization and its rename form (owners only), the members, and the sections below them,
 * which read theirs once `sectionsShown` (their place near the screen: at once on a desktop, as it is scrolled to on a
 * phone, where their answers would otherwise each draw the page again for something not yet on screen).
 */
export function useOrgSettings(sectionsShown: boolean) {
  const org = useOrganization();
  const update = useUpdateOrganization();
  const organization = org.organization;
  const canRename = !!org.role && OWNERS.includes(org.role);

  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  useEffect(() => {
    if (organization) setName(organization.name);
  }, [organization]);

  const validation = validateOrganizationName(name);
  const unchanged = organization ? name.trim() === organization.name : true;

  const onSubmit = async () => {
    setTouched(true);
    setSubmitError(null);
    // The update is skipped if no organization is loaded.
    if (!organization || validation) return;
    try {
      const saved = await update.mutateAsync(name.trim());
      setName(saved.name);
      setTouched(false);
      toast.success('Organization updated', { description: `It is now called ${saved.name}.`, duration: 3000 });
    } catch (error) {
      setSubmitError(errorMessage(error, 'Unknown error'));
    }
  };

  const members = useMembersSection(org.role, organization?.name ?? 'this organization');
  const invitations = useInvitationsSection(org.role, sectionsShown);
  const banks = useBankConnectionsSection(org.role, sectionsShown);
  const activity = useMembershipActivity(org.role, sectionsShown);
  const closedPeriod = useClosedPeriodSection(org.role, sectionsShown);

  return {
    org,
    organization,
    canRename,
    members,
    invitations,
    banks,
    activity,
    closedPeriod,
    /** The rename form: the name as typed, its check, and save / reset. */
    form: {
      name,
      setName,
      touched,
      setTouched,
      submitError,
      validation,
      unchanged,
      saving: update.isPending,
      submit: onSubmit,
      /** Back to the saved name, with no message. */
      reset: () => {
        if (organization) setName(organization.name);
        setTouched(false);
        setSubmitError(null);
      },
    },
  };
}

/** How a member is named in texts: their name, else their email. */
export const memberLabel = (member: Pick<Member, 'name' | 'email'>) => member.name || member.email;
/** A member as the members table and list name them: the signed-in person is "(you)". */
export const memberName = (member: Member, me: string) =>
  member.userId === me ? `${member.name || member.email} (you)` : member.name || '—';

/**
 * The Members section: the list (staff), the selected member, change role / remove / leave with their
 * dialogs. Actions are offered only where the shared policy allows them; the server enforces the same
 * rules and the last-admin ones, and its message is shown when it refuses.
 */
function useMembersSection(myRole: Role | null, organizationName: string) {
  const session = useSession();
  const navigate = useNavigate();
  const me = session.data?.userId ?? '';
  const canView = !!myRole && STAFF.includes(myRole);
  const canManage = canManageMembers(myRole);
  const list = useMembers({ enabled: canView });
  const changeRole = useChangeMemberRole();
  const removeMember = useRemoveMember();
  const leave = useLeaveOrganization();

  const items = list.data ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = items.find((m) => m.userId === selectedId) ?? null;
  const manageable = (member: Member | null) => !!member && mayManageMember({ userId: me, role: myRole }, member);

  const [roleDialog, setRoleDialog] = useState<{ member: Member; role: Role } | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);

  const admins = items.filter((m) => m.role === 'ADMIN').length;
  const lastAdminWithOthers = myRole === 'ADMIN' && admins === 1 && items.length > 1;

  const saveRole = async () => {
    if (!roleDialog) return;
    const { member, role } = roleDialog;
    try {
      await changeRole.mutateAsync({ userId: member.userId, role });
      setRoleDialog(null);
      toast.success('Role changed', { description: `${memberLabel(member)} is now ${humanizeRole(role)}.` });
    } catch (error) {
      toast.error('Failed to change role', { description: errorMessage(error) });
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await removeMember.mutateAsync(removing.userId);
      toast.success('Member removed', { description: `${memberLabel(removing)} no longer has access.` });
      setSelectedId(null);
      setRemoving(null);
    } catch (error) {
      toast.error('Failed to remove member', { description: errorMessage(error) });
    }
  };

  const confirmLeave = async () => {
    try {
      await leave.mutateAsync();
      setLeaving(false);
      toast.success('You left the organization', { description: `You are no longer a member of ${organizationName}.` });
      navigate('/dashboard');
    } catch (error) {
      toast.error('Failed to leave the organization', { description: errorMessage(error) });
    }
  };

  return {
    canView,
    canManage,
    me,
    items,
    loading: list.isPending && list.fetchStatus !== 'idle',
    error: list.error ? errorMessage(list.error) : null,
    retry: () => void list.refetch(),
    selected,
    select: (member: Member | null) => setSelectedId(member?.userId ?? null),
    canChangeSelected: manageable(selected),
    /** The role dialog: which member, the role chosen, the roles offered (only those the policy allows). */
    roleDialog: roleDialog && {
      ...roleDialog,
      options: assignableRoles(myRole)
        .filter((role) => mayAssignRole(myRole, roleDialog.member.role, role))
        .map((role) => ({ value: role, label: humanizeRole(role) })),
      saving: changeRole.isPending,
      unchanged: roleDialog.role === roleDialog.member.role,
    },
    openRoleDialog: () => selected && manageable(selected) && setRoleDialog({ member: selected, role: selected.role }),
    chooseRole: (role: Role) => setRoleDialog((dialog) => dialog && { ...dialog, role }),
    closeRoleDialog: () => !changeRole.isPending && setRoleDialog(null),
    saveRole,
    removing,
    removePending: removeMember.isPending,
    openRemove: () => selected && manageable(selected) && setRemoving(selected),
    closeRemove: () => !removeMember.isPending && setRemoving(null),
    confirmRemove,
    /** Leaving: refused up front (with the reason) when the list shows the caller is the last admin among others. */
    leaveBlocked: lastAdminWithOthers,
    leaving,
    leavePending: leave.isPending,
    openLeave: () => setLeaving(true),
    closeLeave: () => !leave.isPending && setLeaving(false),
    confirmLeave,
  };
}
