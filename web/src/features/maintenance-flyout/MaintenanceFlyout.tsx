import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import TimeInput from '@cloudscape-design/components/time-input';
import {
  ISSUE_TYPE_LABELS,
  ISSUE_TYPE_MENU_WIDTH,
  ISSUE_TYPES,
  type IssueType,
  MAINTENANCE_DESCRIPTION_MAX,
  MAINTENANCE_FLYOUT_MAX_WIDTH,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TEXTS,
  MAINTENANCE_TITLE_MAX,
  type MaintenanceStatus,
  REOPEN_WINDOW_DAYS,
  TENANT_EDITABLE_STATUSES,
  WEEKDAYS,
} from '@rent/shared/core/maintenance';
import type { ReactNode } from 'react';
import type { MaintenanceRequest } from '../../api/maintenance';
import { ConflictAlert } from '../../components/ConflictAlert';
import { PropertyPicker } from '../../components/PropertyPicker';
import { RightDrawer } from '../../components/RightDrawer';
import { ActivitySection } from './ActivitySection';
import { toggleDay } from './maintenanceForm';
import { PhotosSection } from './PhotosSection';
import { RepairCosts } from './RepairCosts';
import { useMaintenanceForm } from './use-maintenance-form';
import { usePhotoUploads } from './use-photo-uploads';

export interface StaffOption {
  userId: string;
  label: string;
}

export interface MaintenanceFlyoutProps {
  open: boolean;
  /** The request to edit; null adds a new one. */
  request: MaintenanceRequest | null;
  /** Staff pick the property, the assignee and keep notes; a tenant sees their property read-only. */
  staff: boolean;
  assignees: readonly StaffOption[];
  onClose: () => void;
  onSaved: (saved: MaintenanceRequest) => void;
}

const FORM_ID = 'maintenance-form';
const issueOptions = ISSUE_TYPES.map((value) => ({ value, label: ISSUE_TYPE_LABELS[value] }));
const statusOption = (value: MaintenanceStatus) => ({ value, label: MAINTENANCE_STATUS_LABELS[value] });

/** These fields are marked required (the mark is for the eye; the controls say so to assistive tech). */
function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="rt-required">
        {' '}
        *
      </span>
    </>
  );
}

/** A resolved request may be reopened by its tenant for REOPEN_WINDOW_DAYS after it was resolved. */
function mayReopen(request: MaintenanceRequest): boolean {
  if (request.status !== 'RESOLVED') return false;
  const resolvedAt = Date.parse(request.resolvedAt ?? request.updatedAt);
  return Date.now() - resolvedAt <= REOPEN_WINDOW_DAYS * 86_400_000;
}

/**
 * docs/product.md "Maintenance flyout": add or edit a request. Mount it with a new key per open (it resets on close).
 */
export function MaintenanceFlyout(props: MaintenanceFlyoutProps) {
  const { open, staff, assignees, onClose } = props;
  const photos = usePhotoUploads(props.request);
  const form = useMaintenanceForm({
    request: props.request,
    staff,
    onSaved: (saved) => {
      photos.afterSave(saved);
      props.onSaved(saved);
    },
  });
  // The request as last loaded (the latest one after "Load latest version"): what the rules below read.
  const { request, values, errors, set } = form;
  // A tenant never picks a status: a resolved request of theirs has a Reopen button instead, within the reopening
  // window (docs/tenants-and-maintenance.md "What tenants may do").
  const statusChoices: MaintenanceStatus[] = staff ? [...MAINTENANCE_STATUSES] : [values.status];
  // A tenant's request that staff are handling is shown, not edited (the server would refuse the change).
  const locked = !staff && !!request && !TENANT_EDITABLE_STATUSES.includes(request.status);
  const canSave = !locked;
  const canReopen = !staff && !!request && mayReopen(request);
  const assigneeOptions = [
    { value: '', label: 'Nobody' },
    ...assignees.map((a) => ({ value: a.userId, label: a.label })),
  ];

  return (
    <RightDrawer
      open={open}
      onClose={onClose}
      title={form.editing ? MAINTENANCE_TEXTS.editTitle : MAINTENANCE_TEXTS.addTitle}
      maxWidth={MAINTENANCE_FLYOUT_MAX_WIDTH}
      closeLabel="Close maintenance request"
      testId="maintenance-flyout"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={onClose} disabled={form.busy}>
              {canSave ? 'Cancel' : 'Close'}
            </Button>
            {canReopen ? (
              <Button
                variant="primary"
                formAction="none"
                onClick={() => void form.reopen()}
                loading={form.busy}
                loadingText="Reopening..."
                data-testid="maintenance-reopen"
              >
                Reopen
              </Button>
            ) : null}
            {canSave ? (
              <Button
                variant="primary"
                formAction="submit"
                form={FORM_ID}
                loading={form.busy}
                loadingText="Saving..."
                data-testid="maintenance-save"
              >
                {form.editing ? 'Update Request' : 'Submit Request'}
              </Button>
            ) : null}
          </SpaceBetween>
        </Box>
      }
    >
      <form
        id={FORM_ID}
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
      >
        <SpaceBetween size="l">
          {form.conflict ? (
            <ConflictAlert
              thing="request"
              message={form.conflict}
              loading={form.loadingLatest}
              onLoadLatest={() => void form.loadLatest()}
              testId="maintenance-conflict"
            />
          ) : null}
          <FormField label={<Required>Title</Required>} errorText={errors.title} controlId="maintenance-title">
            <Input
              controlId="maintenance-title"
              value={values.title}
              onChange={({ detail }) => set('title', detail.value)}
              ariaRequired
              readOnly={locked}
              nativeInputAttributes={{ required: true, maxLength: MAINTENANCE_TITLE_MAX }}
              placeholder="Leaking kitchen sink"
              data-testid="maintenance-title"
            />
          </FormField>
          <FormField
            label={<Required>Description</Required>}
            errorText={errors.description}
            controlId="maintenance-description"
          >
            <Textarea
              controlId="maintenance-description"
              rows={4}
              value={values.description}
              onChange={({ detail }) => set('description', detail.value)}
              ariaRequired
              readOnly={locked}
              nativeTextareaAttributes={{ required: true, maxLength: MAINTENANCE_DESCRIPTION_MAX }}
              placeholder="What is wrong, where, and since when"
              data-testid="maintenance-description"
            />
          </FormField>
          {staff ? (
            <FormField
              label={<Required>Property</Required>}
              errorText={errors.propertyId}
              controlId="maintenance-property"
            >
              <PropertyPicker
                controlId="maintenance-property"
                value={values.propertyId}
                onChange={(id) => set('propertyId', id)}
                showAllOption={false}
                invalid={!!errors.propertyId}
                testId="maintenance-property"
              />
            </FormField>
          ) : (
            <FormField label={<Required>Property</Required>}>
              <Box data-testid="maintenance-property-readonly">
                {request?.property?.address ?? MAINTENANCE_TEXTS.currentProperty}
              </Box>
            </FormField>
          )}
          <ColumnLayout columns={2} minColumnWidth={200}>
            <FormField label={<Required>Issue Type</Required>} controlId="maintenance-issue-type">
              <div style={{ maxWidth: ISSUE_TYPE_MENU_WIDTH }}>
                <Select
                  controlId="maintenance-issue-type"
                  selectedOption={{ value: values.issueType, label: ISSUE_TYPE_LABELS[values.issueType] }}
                  options={issueOptions}
                  onChange={({ detail }) => set('issueType', detail.selectedOption.value as IssueType)}
                  ariaRequired
                  readOnly={locked}
                  data-testid="maintenance-issue-type"
                />
              </div>
            </FormField>
            <FormField label={<Required>Status</Required>} controlId="maintenance-status">
              <Select
                controlId="maintenance-status"
                selectedOption={statusOption(values.status)}
                options={statusChoices.map(statusOption)}
                disabled={statusChoices.length < 2}
                onChange={({ detail }) => set('status', detail.selectedOption.value as MaintenanceStatus)}
                ariaRequired
                data-testid="maintenance-status"
              />
            </FormField>
          </ColumnLayout>
          <FormField label={<Required>Preferred Contact Days</Required>} errorText={errors.days}>
            <fieldset className="rt-weekdays">
              <legend className="rt-sr-only">Preferred Contact Days</legend>
              {WEEKDAYS.map((day) => (
                <Checkbox
                  key={day}
                  disabled={locked}
                  checked={values.days.includes(day)}
                  onChange={({ detail }) => set('days', toggleDay(values.days, day, detail.checked))}
                >
                  {day}
                </Checkbox>
              ))}
            </fieldset>
          </FormField>
          <ColumnLayout columns={2} minColumnWidth={140}>
            <FormField
              label={<Required>Start time</Required>}
              errorText={errors.start}
              controlId="maintenance-start"
              constraintText="HH:MM, 24-hour"
            >
              <TimeInput
                controlId="maintenance-start"
                format="hh:mm"
                use24Hour
                value={values.start}
                onChange={({ detail }) => set('start', detail.value)}
                ariaRequired
                readOnly={locked}
                data-testid="maintenance-start"
              />
            </FormField>
            <FormField
              label={<Required>End time</Required>}
              errorText={errors.end}
              controlId="maintenance-end"
              constraintText="HH:MM, 24-hour"
            >
              <TimeInput
                controlId="maintenance-end"
                format="hh:mm"
                use24Hour
                value={values.end}
                onChange={({ detail }) => set('end', detail.value)}
                ariaRequired
                readOnly={locked}
                data-testid="maintenance-end"
              />
            </FormField>
          </ColumnLayout>
          {staff ? (
            <FormField label="Assigned to" controlId="maintenance-assignee">
              <Select
                controlId="maintenance-assignee"
                selectedOption={assigneeOptions.find((o) => o.value === values.assignedToId) ?? assigneeOptions[0]!}
                options={assigneeOptions}
                onChange={({ detail }) => set('assignedToId', detail.selectedOption.value ?? '')}
                data-testid="maintenance-assignee"
              />
            </FormField>
          ) : null}
          {staff ? (
            <FormField
              label="Internal notes"
              description="For your team only: tenants never see these."
              controlId="maintenance-notes"
            >
              <Textarea
                controlId="maintenance-notes"
                rows={3}
                value={values.notes}
                onChange={({ detail }) => set('notes', detail.value)}
                data-testid="maintenance-notes"
              />
            </FormField>
          ) : null}
        </SpaceBetween>
      </form>
      <Box margin={{ top: 'xl' }}>
        <PhotosSection
          requestId={request?.id ?? null}
          canAdd={staff || !request || TENANT_EDITABLE_STATUSES.includes(request.status)}
          queued={photos.queued}
          uploading={photos.uploading}
          onAdd={photos.add}
        />
      </Box>
      {request && staff ? (
        <Box margin={{ top: 'xl' }}>
          <RepairCosts request={request} onAddExpense={onClose} />
        </Box>
      ) : null}
      {request ? (
        <Box margin={{ top: 'xl' }}>
          <ActivitySection requestId={request.id} assignees={assignees} />
        </Box>
      ) : null}
    </RightDrawer>
  );
}
