import Modal from '@cloudscape-design/components/modal';
import Wizard from '@cloudscape-design/components/wizard';
import { formatCount } from '@rent/shared/core/money';
import type { UndoTarget } from './ConfirmUndoImport';
import { FileStep } from './FileStep';
import { MappingStep } from './MappingStep';
import { ReviewStep } from './ReviewStep';
import { useImportWizard } from './use-import-wizard';

/**
 * Import a bank file (docs/banking.md "The wizard"): choose the file, account and default property;
 * map the columns; review each row's status and choose; import (in chunks, with progress). Loaded on the
 * first click of Import, with the parsers, so the Transactions page's first load does not grow.
 */
export default function ImportWizard({
  onClose,
  onUndo,
}: {
  onClose: () => void;
  /** The toast's "Undo import": asks for confirmation (ConfirmUndoImport) once the wizard is closed. */
  onUndo: (target: UndoTarget) => void;
}) {
  const wizard = useImportWizard(onClose, onUndo);
  const busy = wizard.progress !== null || wizard.previewing;
  const error = wizard.stepError ?? undefined;
  return (
    <Modal
      visible
      size="max"
      onDismiss={() => (busy ? undefined : onClose())}
      header="Import transactions"
      data-testid="import-wizard"
    >
      <Wizard
        activeStepIndex={wizard.step}
        onNavigate={({ detail }) => void wizard.navigate(detail.requestedStepIndex)}
        onCancel={() => (busy ? undefined : onClose())}
        onSubmit={() => void wizard.submit()}
        isLoadingNextStep={busy}
        submitButtonText={`Import ${formatCount(wizard.includedCount)} ${wizard.includedCount === 1 ? 'transaction' : 'transactions'}`}
        i18nStrings={{
          stepNumberLabel: (n) => `Step ${n}`,
          collapsedStepsLabel: (n, count) => `Step ${n} of ${count}`,
          navigationAriaLabel: 'Steps',
          cancelButton: 'Cancel',
          previousButton: 'Previous',
          nextButton: 'Next',
          optional: 'optional',
        }}
        steps={[
          {
            title: 'Choose file',
            description: 'Bank exports as CSV, or OFX/QFX statements: for banks without a connection, and for history.',
            content: <FileStep wizard={wizard} />,
            errorText: wizard.step === 0 ? error : undefined,
          },
          {
            title: 'Map columns',
            description: 'Check which column is which; the preview shows the first rows as they will be read.',
            content: <MappingStep wizard={wizard} />,
            errorText: wizard.step === 1 ? error : undefined,
          },
          {
            title: 'Review and import',
            description: 'Rows already in your ledger are marked. New rows are ticked, duplicates are not: you decide.',
            content: <ReviewStep wizard={wizard} />,
            errorText: wizard.step === 2 ? error : undefined,
          },
        ]}
      />
    </Modal>
  );
}
