import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useId } from 'react';
import type { PropertyDepreciationRow } from '../../api/reports';
import type { AssetChoiceDraft } from './assetChoice';

type Asset = PropertyDepreciationRow['assets'][number];

export interface AssetChoiceModalProps {
  address: string;
  asset: Asset | null;
  draft: AssetChoiceDraft | null;
  busy: boolean;
  error: string | null;
  onChange: (draft: AssetChoiceDraft) => void;
  onCancel: () => void;
  onSave: () => void;
}

/** One asset's depreciation taken before the books and, for an eligible one, its bonus depreciation. */
export function AssetChoiceModal({
  address,
  asset,
  draft,
  busy,
  error,
  onChange,
  onCancel,
  onSave,
}: AssetChoiceModalProps) {
  const id = useId();
  if (!asset || !draft) return null;
  const set = (change: Partial<AssetChoiceDraft>) => onChange({ ...draft, ...change });
  const bonusOptions = asset.bonus
    ? [
        { value: 'default', label: 'Not taken (the books do not assume it)' },
        { value: 'take', label: `Take it: ${asset.bonus.percent}% in the year placed in service` },
        { value: 'out', label: 'Elected out' },
      ]
    : [];
  return (
    <Modal
      visible
      onDismiss={() => (busy ? undefined : onCancel())}
      header={`Depreciation of ${asset.label}`}
      data-testid="asset-choice-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" loading={busy} onClick={onSave} data-testid="asset-choice-save">
              Save
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">
          {address}
          {asset.placedInService ? `, placed in service ${asset.placedInService}` : ''}
        </Box>
        {error ? (
          <Alert type="error" data-testid="asset-choice-error">
            {error}
          </Alert>
        ) : null}
        <FormField
          label="Depreciation taken before the books"
          description="What earlier returns deducted for this asset, in total. The schedule keeps its yearly amounts and shows both if they differ."
          controlId={`${id}-prior`}
        >
          <Input
            controlId={`${id}-prior`}
            data-testid="asset-choice-prior"
            inputMode="decimal"
            value={draft.priorDepreciation}
            onChange={({ detail }) => set({ priorDepreciation: detail.value })}
          />
        </FormField>
        <FormField
          label="Through the tax year"
          description="The last year that amount covers."
          controlId={`${id}-through`}
        >
          <Input
            controlId={`${id}-through`}
            data-testid="asset-choice-through"
            inputMode="numeric"
            value={draft.priorThroughYear}
            onChange={({ detail }) => set({ priorThroughYear: detail.value })}
          />
        </FormField>
        {asset.bonus ? (
          <FormField
            label="Bonus depreciation"
            description="Property with a recovery period of 20 years or less may take it in its first year; ask your preparer which they chose."
            controlId={`${id}-bonus`}
          >
            <Select
              controlId={`${id}-bonus`}
              data-testid="asset-choice-bonus"
              selectedOption={bonusOptions.find((o) => o.value === draft.bonus) ?? bonusOptions[0]!}
              options={bonusOptions}
              onChange={({ detail }) =>
                set({ bonus: (detail.selectedOption.value ?? 'default') as AssetChoiceDraft['bonus'] })
              }
            />
          </FormField>
        ) : null}
      </SpaceBetween>
    </Modal>
  );
}
