import { mayInviteRole } from '@rent/shared/core/invitations';
import { canManageMembers } from '@rent/shared/core/members';
import { humanizeRole, ROLES, type Role } from '@rent/shared/core/roles';
import type { InvitationInput } from '@rent/shared/types';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import {
  type Invitation,
  useCreateInvitation,
  useInvitations,
  useResendInvitation,
  useRevokeInvitation,
} from '../../api/invitations';
import { useProperties } from '../../api/properties';
import { toast } from '../../components/toast/store';

export interface InviteForm {
  email: string;
  role: Role;
  propertyId: string | null;
  /** Optional lease dates of a TENANT invitation (YYYY-MM-DD, '' = none): the tenancy made on acceptance uses them. */
  leaseStart: string;
  leaseEnd: string;
}
const EMPTY_FORM: InviteForm = { email: '', role: 'PROPERTY_MANAGER', propertyId: null, leaseStart: '', leaseEnd: '' };

/** Org Settings' invitations: the list, Invite member, Resend and Revoke (ADMIN and LANDLORD). */
export function useInvitationsSection(myRole: Role | null) {
  const canManage = canManageMembers(myRole);
  const list = useInvitations({ enabled: canManage });
  const properties = useProperties({ enabled: canManage });
  const create = useCreateInvitation();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  const items = list.data ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = items.find((i) => i.id === selectedId) ?? null;
  const actionable = !!selected && selected.status !== 'ACCEPTED' && selected.status !== 'REVOKED';
  const mayTouch = !!selected && mayInviteRole(myRole, selected.role);

  const [form, setForm] = useState<InviteForm | null>(null);
  const [formError, setFormError] = useState<{ message: string; field: string | null } | null>(null);
  const [confirming, setConfirming] = useState<'resend' | 'revoke' | null>(null);

  const propertyName = (id: string | null) =>
    id ? (properties.data?.find((p) => p.id === id)?.address ?? 'A property no longer listed') : '—';

  const submit = async () => {
    if (!form) return;
    const body: InvitationInput = {
      email: form.email.trim(),
      role: form.role,
      ...(form.role === 'TENANT' && {
        propertyId: form.propertyId,
        leaseStart: form.leaseStart || null,
        leaseEnd: form.leaseEnd || null,
      }),
    };
    setFormError(null);
    try {
      const sent = await create.mutateAsync(body);
      setForm(null);
      toast.success('Invitation sent', { description: `${sent.email} was invited as ${humanizeRole(sent.role)}.` });
    } catch (error) {
      const field = error instanceof ApiError ? (error.issues[0]?.path ?? null) : null;
      setFormError({ message: errorMessage(error), field });
    }
  };

  const confirm = async () => {
    if (!selected || !confirming) return;
    try {
      if (confirming === 'resend') {
        await resend.mutateAsync(selected.id);
        toast.success('Invitation sent again', { description: `A new link went to ${selected.email}.` });
      } else {
        await revoke.mutateAsync(selected.id);
        toast.success('Invitation revoked', { description: `The link sent to ${selected.email} no longer works.` });
      }
      setConfirming(null);
    } catch (error) {
      toast.error(confirming === 'resend' ? 'Failed to resend' : 'Failed to revoke', {
        description: errorMessage(error),
      });
    }
  };

  return {
    canManage,
    items,
    loading: list.isPending && list.fetchStatus !== 'idle',
    error: list.error ? errorMessage(list.error) : null,
    retry: () => void list.refetch(),
    propertyName,
    selected,
    select: (invitation: Invitation | null) => setSelectedId(invitation?.id ?? null),
    canResend: actionable && mayTouch,
    canRevoke: actionable && selected?.status === 'PENDING' && mayTouch,
    form,
    formError,
    roleOptions: ROLES.filter((role) => mayInviteRole(myRole, role)).map((role) => ({
      value: role,
      label: humanizeRole(role),
    })),
    propertyOptions: (properties.data ?? []).map((p) => ({ value: p.id, label: p.address })),
    openInvite: () => {
      setFormError(null);
      setForm(EMPTY_FORM);
    },
    closeInvite: () => !create.isPending && setForm(null),
    setForm: (patch: Partial<InviteForm>) => setForm((current) => current && { ...current, ...patch }),
    submit,
    sending: create.isPending,
    confirming,
    openConfirm: (action: 'resend' | 'revoke') => setConfirming(action),
    closeConfirm: () => !(resend.isPending || revoke.isPending) && setConfirming(null),
    confirm,
    confirmBusy: resend.isPending || revoke.isPending,
  };
}
