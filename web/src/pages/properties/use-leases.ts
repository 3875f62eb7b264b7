import { GRACE_DAYS_DEFAULT, RENT_DUE_DAY_DEFAULT } from '@rent/shared/core/leases';
import { toCents } from '@rent/shared/core/money';
import { OWNERS } from '@rent/shared/core/roles';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import { type Lease, useAddLease, useDeleteLease, useEndLease, usePropertyLeases } from '../../api/leases';
import { useMembers } from '../../api/members';
import { useOrganization } from '../../api/organization';
import type { Property } from '../../api/properties';
import { conflictTitle, isVersionConflict } from '../../components/ConflictAlert';
import { toast } from '../../components/toast/store';

export interface LeaseFormValues {
  userId: string;
  unitLabel: string;
  leaseStart: string;
  leaseEnd: string;
  monthlyRent: string;
  securityDeposit: string;
  rentDueDay: string;
  graceDays: string;
}

const EMPTY: LeaseFormValues = {
  userId: '',
  unitLabel: '',
  leaseStart: '',
  leaseEnd: '',
  monthlyRent: '',
  securityDeposit: '',
  rentDueDay: String(RENT_DUE_DAY_DEFAULT),
  graceDays: String(GRACE_DAYS_DEFAULT),
};

/** DatePicker speaks YYYY/MM/DD or YYYY-MM-DD; the API speaks YYYY-MM-DD. */
const isoDate = (value: string) => value.replaceAll('/', '-');
const wholeIn = (value: string, min: number, max: number) =>
  /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

/** The same checks the server makes, said before a round trip. */
export function validateLease(v: LeaseFormValues): Partial<Record<keyof LeaseFormValues, string>> {
  const errors: Partial<Record<keyof LeaseFormValues, string>> = {};
  if (!v.userId) errors.userId = 'Choose a tenant';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate(v.leaseStart))) errors.leaseStart = 'Enter the lease start as YYYY/MM/DD';
  if (v.leaseEnd && !/^\d{4}-\d{2}-\d{2}$/.test(isoDate(v.leaseEnd)))
    errors.leaseEnd = 'Enter the lease end as YYYY/MM/DD';
  else if (v.leaseEnd && !errors.leaseStart && isoDate(v.leaseEnd) < isoDate(v.leaseStart))
    errors.leaseEnd = 'The lease end must be on or after its start';
  const rent = toCents(v.monthlyRent.trim());
  if (v.monthlyRent.trim() === '' || rent === null || rent < 0)
    errors.monthlyRent = 'Enter the monthly rent, such as 1250';
  const deposit = v.securityDeposit.trim() === '' ? 0 : toCents(v.securityDeposit.trim());
  if (deposit === null || deposit < 0) errors.securityDeposit = 'Enter an amount such as 2500, or leave it empty';
  if (!wholeIn(v.rentDueDay, 1, 28)) errors.rentDueDay = 'A day from 1 to 28';
  if (!wholeIn(v.graceDays, 0, 60)) errors.graceDays = 'From 0 to 60 days';
  if (v.unitLabel.trim().length > 40) errors.unitLabel = 'At most 40 characters';
  return errors;
}

/** The Tenants and leases drawer of one property: its leases, the TENANT members to pick from, add/end/delete. */
export function useLeases(property: Property | null) {
  const org = useOrganization();
  const canChange = !!org.role && OWNERS.includes(org.role);
  const leases = usePropertyLeases(property?.id ?? null);
  const members = useMembers({ enabled: !!property });
  const tenants = useMemo(() => (members.data ?? []).filter((m) => m.role === 'TENANT'), [members.data]);
  const add = useAddLease(property?.id ?? '');
  const end = useEndLease();
  const remove = useDeleteLease();

  const [formOpen, setFormOpen] = useState(false);
  const [values, setValues] = useState<LeaseFormValues>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const errors = touched ? validateLease(values) : {};

  const openForm = () => {
    setValues(EMPTY);
    setTouched(false);
    setSubmitError(null);
    setFormOpen(true);
  };

  const submit = async () => {
    setTouched(true);
    setSubmitError(null);
    if (Object.keys(validateLease(values)).length > 0) return;
    try {
      await add.mutateAsync({
        userId: values.userId,
        unitLabel: values.unitLabel.trim() || null,
        leaseStart: isoDate(values.leaseStart),
        leaseEnd: values.leaseEnd ? isoDate(values.leaseEnd) : null,
        monthlyRent: Number(values.monthlyRent.trim()),
        securityDeposit: values.securityDeposit.trim() ? Number(values.securityDeposit.trim()) : 0,
        rentDueDay: Number(values.rentDueDay),
        graceDays: Number(values.graceDays),
      });
      toast.success('Lease added', { description: property?.address, duration: 3000 });
      setFormOpen(false);
    } catch (error) {
      setSubmitError(errorMessage(error, 'Failed to add the lease'));
    }
  };

  /** Ends the lease as shown (its version goes with it); if someone changed it since, says so and shows it as saved. */
  const endToday = async (lease: Lease) => {
    try {
      await end.mutateAsync({ lease, leaseEnd: new Date().toISOString().slice(0, 10) });
      toast.success('Lease ended', { description: 'It ends today.', duration: 3000 });
    } catch (error) {
      if (isVersionConflict(error)) {
        toast.error(conflictTitle('lease'), {
          description: 'It was not ended. The list now shows the lease as saved; end it again if you still want to.',
          duration: 5000,
        });
      } else toast.error('Error', { description: errorMessage(error, 'Failed to end the lease'), duration: 5000 });
    }
  };

  const deleteLease = async (id: string) => {
    if (confirmDelete !== id) {
      setConfirmDelete(id);
      return;
    }
    try {
      await remove.mutateAsync(id);
      setConfirmDelete(null);
      toast.success('Lease deleted', { duration: 3000 });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete the lease'), duration: 5000 });
    }
  };

  return {
    canChange,
    leases: leases.data ?? [],
    loading: leases.isPending && leases.fetchStatus !== 'idle',
    failed: leases.isError,
    retry: () => void leases.refetch(),
    tenants,
    tenantsLoading: members.isPending,
    form: {
      open: formOpen,
      openForm,
      close: () => setFormOpen(false),
      values,
      set: (field: keyof LeaseFormValues, value: string) => setValues((v) => ({ ...v, [field]: value })),
      errors,
      submit,
      submitting: add.isPending,
      submitError,
    },
    endToday,
    deleteLease,
    confirmDelete,
    busy: end.isPending || remove.isPending,
  };
}
