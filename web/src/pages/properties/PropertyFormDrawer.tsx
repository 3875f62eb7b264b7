import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PROPERTY_TYPE_LABELS, type PropertyMoneyField } from '@rent/shared/core/properties';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import {
  fetchProperty,
  type Property,
  propertiesKey,
  useCreateProperty,
  useUpdateProperty,
} from '../../api/properties';
import { ConflictAlert } from '../../components/ConflictAlert';
import { RightDrawer } from '../../components/RightDrawer';
import { toast } from '../../components/toast/store';
import {
  buildPropertyBody,
  FIELD_LABELS,
  landValueWarning,
  PROPERTY_TYPE_OPTIONS,
  type PropertyField,
  type PropertyFormErrors,
  type PropertyFormValues,
  splitServerIssues,
  toFormValues,
} from './propertyForm';

export interface PropertyFormDrawerProps {
  open: boolean;
  /** The property to edit; null to add one. */
  property: Property | null;
  onClose: () => void;
  onSaved?: (property: Property) => void;
}

const TYPE_OPTIONS = [
  { value: '', label: 'Not specified' },
  ...PROPERTY_TYPE_OPTIONS.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] })),
];

const PURCHASE_FIELDS: { field: PropertyMoneyField; description?: string }[] = [
  { field: 'acquisitionPrice', description: 'What you paid for the property.' },
  { field: 'downPayment' },
  { field: 'approximateLoan', description: 'The outstanding mortgage, roughly.' },
  { field: 'closingCosts' },
  { field: 'initialRepairs' },
  { field: 'otherInitialCosts' },
  { field: 'landValue', description: "The land's share of the price (land is not depreciated)." },
];

/**
 * Add or edit a property in the right-side drawer, with every property field (docs/product.md "Records and their
 * fields").
 */
export function PropertyFormDrawer({ open, property, onClose, onSaved }: PropertyFormDrawerProps) {
  const idPrefix = useId();
  const client = useQueryClient();
  const create = useCreateProperty();
  const update = useUpdateProperty();
  const editing = !!property;
  const [values, setValues] = useState<PropertyFormValues>(() => toFormValues(property));
  const [version, setVersion] = useState<number | null>(property?.version ?? null);
  const [errors, setErrors] = useState<PropertyFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const busy = create.isPending || update.isPending;

  // A fresh form every time the drawer opens (or switches to another property).
  useEffect(() => {
    if (!open) return;
    setValues(toFormValues(property));
    setVersion(property?.version ?? null);
    setErrors({});
    setFormError(null);
    setConflict(null);
    setSubmitted(false);
  }, [open, property]);

  const set = (field: PropertyField, value: string) => {
    const next = { ...values, [field]: value } as PropertyFormValues;
    setValues(next);
    // After a first submit, re-validate as the user fixes things.
    if (submitted) setErrors(buildPropertyBody(next).errors);
  };

  const controlId = (field: PropertyField) => `${idPrefix}-${field}`;

  const onSubmit = async () => {
    setSubmitted(true);
    setFormError(null);
    setConflict(null);
    const { body, errors: clientErrors } = buildPropertyBody(values);
    setErrors(clientErrors);
    if (!body) {
      setFormError('Please fix the highlighted fields.');
      return;
    }
    try {
      const saved =
        editing && property
          ? await update.mutateAsync({ id: property.id, body: { ...body, version: version ?? property.version } })
          : await create.mutateAsync(body);
      toast.success(editing ? 'Property updated' : 'Property added', { description: saved.address, duration: 3000 });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) {
        const { fields, other } = splitServerIssues(error.issues);
        setErrors(fields);
        setFormError(other.length ? other.join(' ') : error.message);
      } else if (error instanceof ApiError && error.status === 409) {
        setConflict(error.message);
      } else {
        setFormError(errorMessage(error, editing ? 'Failed to update property' : 'Failed to add property'));
      }
    }
  };

  const loadLatest = async () => {
    if (!property) return;
    try {
      const latest = await fetchProperty(property.id);
      client.setQueryData<Property[]>(propertiesKey, (list) => list?.map((p) => (p.id === latest.id ? latest : p)));
      setValues(toFormValues(latest));
      setVersion(latest.version);
      setConflict(null);
      setErrors({});
      toast.info('Latest version loaded', { description: 'Review the changes, then save again.' });
    } catch (error) {
      setFormError(errorMessage(error, 'Failed to load the latest version'));
    }
  };

  const text = (
    field: PropertyField,
    options: Partial<InputProps> & { description?: string; constraint?: string; warningText?: string } = {},
  ) => {
    const { description, constraint, warningText, ...inputProps } = options;
    return (
      <FormField
        label={FIELD_LABELS[field]}
        description={description}
        constraintText={constraint}
        errorText={errors[field]}
        warningText={warningText}
        controlId={controlId(field)}
        stretch
      >
        <Input
          controlId={controlId(field)}
          value={values[field]}
          onChange={({ detail }) => set(field, detail.value)}
          invalid={!!errors[field]}
          data-testid={`property-${field}`}
          {...inputProps}
        />
      </FormField>
    );
  };

  const money = (field: PropertyMoneyField, description?: string) =>
    text(field, {
      inputMode: 'decimal',
      placeholder: '0.00',
      description,
      constraint: 'US dollars, e.g. 1250.50',
      ...(field === 'landValue' && { warningText: landValueWarning(values) }),
    });

  const title = editing ? 'Edit property' : 'Add property';
  return (
    <RightDrawer
      open={open}
      onClose={onClose}
      title={title}
      description={editing ? property?.address : 'Only the address is required; fill in the rest when you have it.'}
      testId="property-drawer"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={busy} data-testid="property-cancel">
              Cancel
            </Button>
            <Button
              variant="primary"
              loading={busy}
              loadingText="Saving"
              onClick={() => void onSubmit()}
              data-testid="property-save"
            >
              {editing ? 'Save changes' : 'Add property'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {/* Enter in any field submits. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        <SpaceBetween size="l">
          {conflict ? (
            <ConflictAlert
              thing="property"
              message={conflict}
              onLoadLatest={() => void loadLatest()}
              testId="property-conflict"
            />
          ) : null}
          {formError ? (
            <Alert type="error" data-testid="property-form-error">
              {formError}
            </Alert>
          ) : null}

          <SpaceBetween size="m">
            <Header variant="h3">Location</Header>
            {text('address', { ariaRequired: true, autoComplete: 'street-address', constraint: 'Required.' })}
            {text('googlePlaceId', { description: 'Optional. Links the property to a place on Google Maps.' })}
            <ColumnLayout columns={2} minColumnWidth={160}>
              {text('latitude', { inputMode: 'decimal', placeholder: 'e.g. 40.7128' })}
              {text('longitude', { inputMode: 'decimal', placeholder: 'e.g. -74.0060' })}
            </ColumnLayout>
          </SpaceBetween>

          <SpaceBetween size="m">
            <Header variant="h3">Details</Header>
            <ColumnLayout columns={2} minColumnWidth={160}>
              <FormField
                label={FIELD_LABELS.propertyType}
                errorText={errors.propertyType}
                controlId={controlId('propertyType')}
                stretch
              >
                <Select
                  controlId={controlId('propertyType')}
                  selectedOption={TYPE_OPTIONS.find((o) => o.value === values.propertyType) ?? TYPE_OPTIONS[0]!}
                  options={TYPE_OPTIONS}
                  onChange={({ detail }) => set('propertyType', detail.selectedOption.value ?? '')}
                  invalid={!!errors.propertyType}
                  data-testid="property-propertyType"
                />
              </FormField>
              {text('numberOfUnits', { inputMode: 'numeric', type: 'number', placeholder: '1' })}
            </ColumnLayout>
            <FormField
              label={FIELD_LABELS.acquisitionDate}
              constraintText="Use YYYY/MM/DD."
              errorText={errors.acquisitionDate}
              controlId={controlId('acquisitionDate')}
            >
              <DatePicker
                controlId={controlId('acquisitionDate')}
                value={values.acquisitionDate}
                onChange={({ detail }) => set('acquisitionDate', detail.value)}
                placeholder="YYYY/MM/DD"
                invalid={!!errors.acquisitionDate}
                expandToViewport
                data-testid="property-acquisitionDate"
              />
            </FormField>
          </SpaceBetween>

          <SpaceBetween size="m">
            <Header variant="h3">Income and value</Header>
            <ColumnLayout columns={2} minColumnWidth={160}>
              {money('monthlyRent', 'Total rent due each month.')}
              {money('currentMarketValue', 'What it would sell for today.')}
            </ColumnLayout>
          </SpaceBetween>

          <SpaceBetween size="m">
            <Header variant="h3">Purchase</Header>
            <ColumnLayout columns={2} minColumnWidth={160}>
              {PURCHASE_FIELDS.map(({ field, description }) => (
                <div key={field}>{money(field, description)}</div>
              ))}
            </ColumnLayout>
          </SpaceBetween>
        </SpaceBetween>
      </form>
    </RightDrawer>
  );
}
