import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useState } from 'react';
import { ConflictAlert } from '../../components/ConflictAlert';
import { RulePreviewList } from './RulePreviewList';
import { RuleSettingsForm } from './RuleSettingsForm';
import type { RuleDialogState } from './store';
import { useRuleDialog } from './use-rule-dialog';
import './rules.css';

/** Rule dialog width 900 to 1200px (Cloudscape shrinks it to the viewport). */
export const RULE_DIALOG_WIDTH = 1200;

/**
 * The categorization rule dialog (docs/product.md "Categorization rule dialog").
 * Default export: loaded lazily by RuleDialogHost, with the regex engine.
 */
export default function RuleDialog({ state }: { state: RuleDialogState }) {
  const dialog = useRuleDialog(state);
  const { progress } = dialog;
  const [tab, setTab] = useState('settings');

  return (
    <Modal
      visible={dialog.visible}
      onDismiss={dialog.close}
      header={dialog.editing ? 'Edit rule' : 'Create rule'}
      width={RULE_DIALOG_WIDTH}
      data-testid="rule-dialog"
      footer={
        <SpaceBetween size="s">
          {progress && dialog.status === 'applying' && (
            <ProgressBar
              data-testid="rule-apply-progress"
              label="Applying rule"
              value={progress.total ? (progress.done / progress.total) * 100 : 0}
              additionalInfo={`${progress.done} of ${progress.total} transactions`}
            />
          )}
          <div className="rt-rule-footer">
            <Checkbox
              data-testid="rule-apply-now"
              checked={dialog.applyNow}
              disabled={(dialog.applyDisabled && !dialog.applyNow) || dialog.busy}
              onChange={({ detail }) => dialog.setApplyNow(detail.checked)}
            >
              Apply to {dialog.selectedCount} transactions now
            </Checkbox>
            <SpaceBetween direction="horizontal" size="xs">
              <Button data-testid="rule-cancel" variant="link" onClick={dialog.close} disabled={dialog.busy}>
                Cancel
              </Button>
              <Button
                data-testid="rule-save"
                variant="primary"
                disabled={!dialog.valid || (dialog.applyNow && dialog.stale)}
                loading={dialog.busy}
                onClick={() => void dialog.submit()}
              >
                Save
              </Button>
            </SpaceBetween>
          </div>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="m">
        {dialog.conflict && (
          <ConflictAlert
            thing="rule"
            message={dialog.conflict}
            onLoadLatest={() => void dialog.loadLatest()}
            loading={dialog.loadingLatest}
            testId="rule-conflict"
          />
        )}
        {dialog.formError && (
          <Alert type="error" data-testid="rule-form-error">
            {dialog.formError}
          </Alert>
        )}
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) => setTab(detail.activeTabId)}
          tabs={[
            { id: 'settings', label: 'Settings', content: <RuleSettingsForm dialog={dialog} /> },
            {
              id: 'preview',
              label: `Preview changes (${dialog.matchCount})`,
              content: <RulePreviewList dialog={dialog} />,
              disabled: dialog.applyNow && dialog.matchCount === 0,
            },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}
