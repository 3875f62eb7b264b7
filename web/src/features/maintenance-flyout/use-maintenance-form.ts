import { MAINTENANCE_TEXTS, MAINTENANCE_TOAST_MS } from '@rent/shared/core/maintenance';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import {
  fetchMaintenanceRequest,
  type MaintenanceRequest,
  useReopenMaintenance,
  useSaveMaintenance,
} from '../../api/maintenance';
import { toast } from '../../components/toast/store';
import {
  defaultValues,
  type FieldErrors,
  type MaintenanceValues,
  saveErrorText,
  toBody,
  validate,
  valuesOf,
} from './maintenanceForm';

/**
 * The maintenance flyout's state (docs/product.md "Maintenance flyout"): defaults for a new request, the selected
 * request's values in edit mode; the parent remounts it per open, so closing resets it. Saves with the flyout's toasts.
 *
 * An update sends the version of the request the person loaded (docs/tenants-and-maintenance.md "Changing a
 * request"): when someone else saved in between, the 409 keeps the person's edits on screen with the conflict
 * alert, and "Load latest version" shows what is saved now (and takes its version for the next save).
 */
export function useMaintenanceForm(props: {
  request: MaintenanceRequest | null;
  staff: boolean;
  onSaved: (saved: MaintenanceRequest) => void;
}) {
  const { staff, onSaved } = props;
  // The request as last loaded: the one the flyout opened with, or the latest after a conflict.
  const [request, setRequest] = useState<MaintenanceRequest | null>(props.request);
  const [values, setValues] = useState<MaintenanceValues>(() => (request ? valuesOf(request) : defaultValues()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [loadingLatest, setLoadingLatest] = useState(false);
  const save = useSaveMaintenance();
  const reopening = useReopenMaintenance();

  const set = <K extends keyof MaintenanceValues>(field: K, value: MaintenanceValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, ...(field === 'start' ? { end: undefined } : {}) }));
  };

  async function submit() {
    const found = validate(values, staff);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setConflict(null);
    const body = toBody(values, staff);
    try {
      const result = request
        ? await save.mutateAsync({ id: request.id, body: { ...body, version: request.version } })
        : await save.mutateAsync({
            id: null,
            body: staff ? body : { ...body, propertyId: body.propertyId || null, status: undefined },
          });
      toast.success(MAINTENANCE_TEXTS.successTitle, {
        description: request ? MAINTENANCE_TEXTS.success : MAINTENANCE_TEXTS.created,
        duration: MAINTENANCE_TOAST_MS.success,
      });
      onSaved(result.maintenanceRequest);
    } catch (error) {
      if (request && error instanceof ApiError && error.status === 409) setConflict(error.message);
      toast.error(MAINTENANCE_TEXTS.errorTitle, {
        description: saveErrorText(error, !request),
        duration: MAINTENANCE_TOAST_MS.error,
      });
    }
  }

  /** Reopen: a resolved request back to New (a tenant's one status change, its own action). */
  async function reopen() {
    if (!request) return;
    setConflict(null);
    try {
      const result = await reopening.mutateAsync({ id: request.id, version: request.version });
      toast.success('Request reopened', {
        description: 'It is New again, and the team was told.',
        duration: MAINTENANCE_TOAST_MS.success,
      });
      onSaved(result.maintenanceRequest);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      toast.error('Failed to reopen the request', {
        description: errorMessage(error),
        duration: MAINTENANCE_TOAST_MS.error,
      });
    }
  }

  /** After a conflict: the request as saved now replaces the person's edits, and its version is the next save's. */
  async function loadLatest() {
    if (!request) return;
    setLoadingLatest(true);
    try {
      const latest = await fetchMaintenanceRequest(request.id);
      setRequest(latest);
      setValues(valuesOf(latest));
      setErrors({});
      setConflict(null);
      toast.info('Latest version loaded', { description: 'Review the changes, then save again.' });
    } catch (error) {
      toast.error(MAINTENANCE_TEXTS.errorTitle, {
        description: errorMessage(error, 'Failed to load the latest version'),
        duration: MAINTENANCE_TOAST_MS.error,
      });
    } finally {
      setLoadingLatest(false);
    }
  }

  return {
    request,
    values,
    errors,
    set,
    submit,
    conflict,
    loadLatest,
    loadingLatest,
    reopen,
    busy: save.isPending || reopening.isPending,
    editing: !!request,
  };
}
