import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useId, useState } from 'react';
import type { ScheduleEChoicesBody, ScheduleEWorksheet } from '../../api/reports';
import { type ChoicesDraft, choicesBody, draftOf, typeCodeOptions } from './scheduleEChoices';

export interface ScheduleEChoicesModalProps {
  sheet: ScheduleEWorksheet;
  year: string;
  visible: boolean;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (body: ScheduleEChoicesBody) => void;
}

/** Line 1b, line 2 and the QJV box of one property for the tax year. */
export function ScheduleEChoicesModal({
  sheet,
  year,
  visible,
  busy,
  error,
  onCancel,
  onSave,
}: ScheduleEChoicesModalProps) {
  const id = useId();
  const choices = sheet.choices;
  const [draft, setDraft] = useState<ChoicesDraft | null>(choices && draftOf(choices));
  const [problem, setProblem] = useState<{ field: string; error: string } | null>(null);
  // A fresh draft of what is saved each time it opens (not on a refetch while it is open: that would lose the typing).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening it or a new saved version resets the draft
  useEffect(() => {
    if (visible && choices) {
      setDraft(draftOf(choices));
      setProblem(null);
    }
  }, [visible, choices?.version]);
  if (!choices || !draft) return null;
  const set = (change: Partial<ChoicesDraft>) => setDraft({ ...draft, ...change });
  const fromProperty =
    choices.propertyTypeCode === null && sheet.propertyType
      ? `${sheet.propertyType.code} ${sheet.propertyType.label}`
      : '';
  const options = typeCodeOptions(fromProperty);
  const save = () => {
    const out = choicesBody(draft, choices.version, year);
    if ('error' in out) setProblem(out);
    else {
      setProblem(null);
      onSave(out.body);
    }
  };
  return (
    <Modal
      visible={visible}
      onDismiss={() => (busy ? undefined : onCancel())}
      header={`Schedule E ${year}: line 1b, line 2 and QJV`}
      data-testid="schedule-e-choices-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" loading={busy} onClick={save} data-testid="schedule-e-choices-save">
              Save
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">{sheet.address}</Box>
        {error ? (
          <Alert type="error" data-testid="schedule-e-choices-error">
            {error}
          </Alert>
        ) : null}
        <FormField label="Type of property (line 1b)" controlId={`${id}-type`} stretch>
          <Select
            controlId={`${id}-type`}
            data-testid="schedule-e-type"
            selectedOption={options.find((o) => o.value === draft.typeCode) ?? options[0]!}
            options={options}
            onChange={({ detail }) => set({ typeCode: detail.selectedOption.value ?? '' })}
          />
        </FormField>
        <FormField
          label="Fair rental days (line 2)"
          description={
            sheet.leaseDays === null
              ? 'No lease with rent is recorded for this year. Leave it empty to show none.'
              : `Leave it empty to use the ${sheet.leaseDays} days under a lease with rent.`
          }
          controlId={`${id}-fair`}
          errorText={problem?.field === 'fairRentalDays' ? problem.error : undefined}
        >
          <Input
            controlId={`${id}-fair`}
            data-testid="schedule-e-fair-days"
            inputMode="numeric"
            value={draft.fairRentalDays}
            onChange={({ detail }) => set({ fairRentalDays: detail.value })}
          />
        </FormField>
        <FormField
          label="Personal use days (line 2)"
          description="Days you, your family or anyone paying less than a fair rent used the property."
          controlId={`${id}-personal`}
          errorText={problem?.field === 'personalUseDays' ? problem.error : undefined}
        >
          <Input
            controlId={`${id}-personal`}
            data-testid="schedule-e-personal-days"
            inputMode="numeric"
            value={draft.personalUseDays}
            onChange={({ detail }) => set({ personalUseDays: detail.value })}
          />
        </FormField>
        <Checkbox
          data-testid="schedule-e-qjv"
          checked={draft.qjv}
          onChange={({ detail }) => set({ qjv: detail.checked })}
          description="Only for a rental business owned and run by spouses filing a joint return (ask your preparer)."
        >
          QJV (qualified joint venture)
        </Checkbox>
      </SpaceBetween>
    </Modal>
  );
}
