import { OWNERS } from '@rent/shared/core/roles';
import { useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import {
  type Lease,
  useAddLease,
  useDeleteLease,
  useEndLease,
  usePropertyLeases,
  useUpdateLease,
} from '../../api/leases';
import { useMembers } from '../../api/members';
import { useOrganization } from '../../api/organization';
import type { Property } from '../../api/properties';
import { conflictTitle, isVersionConflict } from '../../components/ConflictAlert';
import { toast } from '../../components/toast/store';
import { todayIso } from '../../lib/dates';
import {
  emptyLeaseForm,
  type FeeRow,
  type LeaseFormErrors,
  type LeaseFormValues,
  leaseFormValues,
  leaseTermsBody,
  newFeeRow,
  serverIssues,
  validateLease,
} from './leaseForm';
import { useLeaseLedger } from './use-lease-ledger';

/** What the drawer shows besides the list: the lease form (adding, or editing one lease) or one lease's ledger. */
type Panel =
  | { kind: 'add' }
  | { kind: 'edit'; lease: Lease }
  | { kind: 'ledger'; leaseId: string }
  | { kind: 'moveOut'; lease: Lease }
  | null;

/**
 * The Tenants and leases drawer of one property: its leases, the TENANT members to pick from, add, edit, end and
 * delete (ADMIN and LANDLORD change), and a lease's ledger.
 */
export function useLeases(property: Property | null) {
  const org = useOrganization();
  const canChange = !!org.role && OWNERS.includes(org.role);
  const leases = usePropertyLeases(property?.id ?? null);
  const members = useMembers({ enabled: !!property });
  const tenants = useMemo(() => (members.data ?? []).filter((m) => m.role === 'TENANT'), [members.data]);
  const add = useAddLease(property?.id ?? '');
  const update = useUpdateLease();
  const end = useEndLease();
  const remove = useDeleteLease();

  const [panel, setPanel] = useState<Panel>(null);
  const [values, setValues] = useState<LeaseFormValues>(emptyLeaseForm);
  const [version, setVersion] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<LeaseFormErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [loadingLatest, setLoadingLatest] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  // Another property's drawer starts at its list, with no form or ledger left open from the last one.
  const [shownFor, setShownFor] = useState(property?.id ?? null);
  if (shownFor !== (property?.id ?? null)) {
    setShownFor(property?.id ?? null);
    setPanel(null);
  }
  const mode = panel?.kind === 'edit' ? 'edit' : 'add';
  const errors: LeaseFormErrors = { ...serverErrors, ...(touched ? validateLease(values, mode) : {}) };
  const ledger = useLeaseLedger(panel?.kind === 'ledger' ? panel.leaseId : null, canChange);

  const startForm = (next: Panel, filled: LeaseFormValues, loadedVersion: number | null) => {
    setValues(filled);
    setVersion(loadedVersion);
    setTouched(false);
    setServerErrors({});
    setSubmitError(null);
    setConflict(null);
    setPanel(next);
  };
  const openForm = () => startForm({ kind: 'add' }, emptyLeaseForm(), null);
  const openEdit = (lease: Lease) => startForm({ kind: 'edit', lease }, leaseFormValues(lease), lease.version);

  const change = (next: (v: LeaseFormValues) => LeaseFormValues) => {
    setValues(next);
    setServerErrors({});
  };
  const setFee = (index: number, patch: Partial<FeeRow>) =>
    change((v) => ({ ...v, fees: v.fees.map((f, i) => (i === index ? { ...f, ...patch } : f)) }));

  const submit = async () => {
    setTouched(true);
    setSubmitError(null);
    setConflict(null);
    if (Object.keys(validateLease(values, mode)).length > 0) {
      setSubmitError('Please fix the highlighted fields.');
      return;
    }
    const body = leaseTermsBody(values);
    try {
      if (panel?.kind === 'edit') {
        await update.mutateAsync({ id: panel.lease.id, body, version: version ?? panel.lease.version });
        toast.success('Lease updated', { description: property?.address, duration: 3000 });
      } else {
        await add.mutateAsync({ ...body, userId: values.userId });
        toast.success('Lease added', { description: property?.address, duration: 3000 });
      }
      setPanel(null);
    } catch (error) {
      if (isVersionConflict(error)) setConflict(error.message);
      else if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) {
        const { fields, other } = serverIssues(error.issues);
        setServerErrors(fields);
        setSubmitError(other.length ? other.join(' ') : 'Please fix the highlighted fields.');
      } else
        setSubmitError(errorMessage(error, mode === 'edit' ? 'Failed to save the lease' : 'Failed to add the lease'));
    }
  };

  /** After a 409: the lease as saved now replaces the edits, and its version goes with the next save. */
  const loadLatest = async () => {
    if (panel?.kind !== 'edit') return;
    setLoadingLatest(true);
    try {
      const latest = (await leases.refetch()).data?.find((l) => l.id === panel.lease.id);
      if (!latest) {
        setSubmitError('This lease was deleted meanwhile.');
        return;
      }
      startForm({ kind: 'edit', lease: latest }, leaseFormValues(latest), latest.version);
      toast.info('Latest version loaded', { description: 'Review the changes, then save again.' });
    } finally {
      setLoadingLatest(false);
    }
  };

  /** Ends the lease as shown (its version goes with it); if someone changed it since, says so and shows it as saved. */
  const endToday = async (lease: Lease) => {
    try {
      await end.mutateAsync({ lease, leaseEnd: todayIso() });
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
      if (panel?.kind === 'edit' && panel.lease.id === id) setPanel(null);
      toast.success('Lease deleted', { duration: 3000 });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete the lease'), duration: 5000 });
    }
  };

  const editing = panel?.kind === 'edit' ? panel.lease : null;
  return {
    canChange,
    leases: leases.data ?? [],
    loading: leases.isPending && leases.fetchStatus !== 'idle',
    failed: leases.isError,
    retry: () => void leases.refetch(),
    tenants,
    tenantsLoading: members.isPending,
    form: {
      open: panel?.kind === 'add' || panel?.kind === 'edit',
      mode,
      /** The lease being edited (its tenant is shown, not chosen). */
      editing,
      openForm,
      openEdit,
      close: () => setPanel(null),
      values,
      set: <K extends keyof LeaseFormValues>(field: K, value: LeaseFormValues[K]) =>
        change((v) => ({ ...v, [field]: value })),
      addFee: () => change((v) => ({ ...v, fees: [...v.fees, newFeeRow()] })),
      removeFee: (index: number) => change((v) => ({ ...v, fees: v.fees.filter((_, i) => i !== index) })),
      setFee,
      errors,
      submit,
      submitting: add.isPending || update.isPending,
      submitError,
      conflict,
      loadLatest: () => void loadLatest(),
      loadingLatest,
    },
    ledger: {
      ...ledger,
      leaseId: panel?.kind === 'ledger' ? panel.leaseId : null,
      open: (lease: Lease) => {
        ledger.cancelWaive();
        setPanel({ kind: 'ledger', leaseId: lease.id });
      },
      close: () => {
        ledger.cancelWaive();
        setPanel(null);
      },
    },
    moveOut: {
      lease: panel?.kind === 'moveOut' ? panel.lease : null,
      open: (lease: Lease) => setPanel({ kind: 'moveOut', lease }),
      close: () => setPanel(null),
    },
    endToday,
    deleteLease,
    confirmDelete,
    busy: end.isPending || remove.isPending,
  };
}

export type LeasesDrawerModel = ReturnType<typeof useLeases>;
