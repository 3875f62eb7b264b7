import { MAINTENANCE_TEXTS, MAINTENANCE_TOAST_MS } from '@rent/shared/core/maintenance';
import { useState } from 'react';
import { type MaintenanceRequest, useSaveMaintenance } from '../../api/maintenance';
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
 */
export function useMaintenanceForm(props: {
  request: MaintenanceRequest | null;
  staff: boolean;
  onSaved: (saved: MaintenanceRequest) => void;
}) {
  const { request, staff, onSaved } = props;
  const [values, setValues] = useState<MaintenanceValues>(() => (request ? valuesOf(request) : defaultValues()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveMaintenance();

  const set = <K extends keyof MaintenanceValues>(field: K, value: MaintenanceValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, ...(field === 'start' ? { end: undefined } : {}) }));
  };

  async function submit() {
    const found = validate(values, staff);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const body = toBody(values, staff);
    try {
      const result = request
        ? await save.mutateAsync({ id: request.id, body: { ...body, version: request.version } })
        : await save.mutateAsync({
            id: null,
            body: staff ? body : { ...body, propertyId: body.propertyId || null, status: undefined },
          });
      toast.success(MAINTENANCE_TEXTS.successTitle, {
        description: MAINTENANCE_TEXTS.success,
        duration: MAINTENANCE_TOAST_MS.success,
      });
      onSaved(result.maintenanceRequest);
    } catch (error) {
      toast.error(MAINTENANCE_TEXTS.errorTitle, {
        description: saveErrorText(error),
        duration: MAINTENANCE_TOAST_MS.error,
      });
    }
  }

  return { values, errors, set, submit, busy: save.isPending, editing: !!request };
}
