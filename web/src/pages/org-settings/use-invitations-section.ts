import { mayInviteRole } from '@rent/shared/core/invitations';
import { fromCents, toCents } from '@rent/shared/core/money';
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
import { addressIn, useProperties } from '../../api/properties';
import { toast } from '../../components/toast/store';

export interface InviteForm {
  email: string;
  role: Role;
  propertyId: string | null;
  /** A TENANT invitation's lease terms, as typed (money as decimals, '' = none); the lease made on acceptance has them. */
  unitLabel: string;
  monthlyRent: string;
  securityDeposit: string;
  /** YYYY-MM-DD, '' = none (start: the day they accept; end: month-to-month). */
  leaseStart: string;
  leaseEnd: string;
}
const emptyForm = (role: Role): InviteForm => ({
  email: '',
  role,
  propertyId: null,
  unitLabel: '',
  monthlyRent: '',
  securityDeposit: '',
  leaseStart: '',
  leaseEnd: '',
});

/**
 * Org Settings' invitations: the list, Invite member, Resend and Revoke. Staff invite: admins and landlords anyone
 * but (for a landlord) an admin, property managers tenants only. Read once the section is `shown`.
 */
export function useInvitationsSection(myRole: Role | null, shown: boolean) {
  const invitable = ROLES.filter((role) => mayInviteRole(myRole, role));
  const canManage = invitable.length > 0;
  const list = useInvitations({ enabled: canManage && shown });
  const properties = useProperties({ enabled: canManage && shown });
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
    id ? (addressIn(properties.data, id) ?? 'A property no longer listed') : '—';

  const submit = async () => {
    if (!form) return;
    // Money is checked here only for its shape (the server says everything else): "1,850.00" or "$1850" are
    // read as typed people write them.
    const money = (field: 'monthlyRent' | 'securityDeposit') => {
      const text = form[field].replace(/[$,\s]/g, '');
      if (!text) return null;
      const cents = toCents(text);
      if (cents === null) {
        throw Object.assign(new Error('Enter an amount in dollars, like 1850.00'), { field });
      }
      return fromCents(cents);
    };
    let monthlyRent: number | null;
    let securityDeposit: number | null;
    try {
      monthlyRent = form.role === 'TENANT' ? money('monthlyRent') : null;
      securityDeposit = form.role === 'TENANT' ? money('securityDeposit') : null;
    } catch (error) {
      setFormError({ message: (error as Error).message, field: (error as { field: string }).field });
      return;
    }
    const body: InvitationInput = {
      email: form.email.trim(),
      role: form.role,
      ...(form.role === 'TENANT' && {
        propertyId: form.propertyId,
        unitLabel: form.unitLabel.trim() || null,
        monthlyRent,
        securityDeposit,
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
    roleOptions: invitable.map((role) => ({
      value: role,
      label: humanizeRole(role),
    })),
    propertyOptions: (properties.data ?? []).map((p) => ({ value: p.id, label: p.address })),
    openInvite: () => {
      setFormError(null);
      setForm(emptyForm(invitable.includes('PROPERTY_MANAGER') ? 'PROPERTY_MANAGER' : 'TENANT'));
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
