import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { lazy, Suspense, useState } from 'react';
import type { UndoTarget } from './ConfirmUndoImport';

// The wizard (with the file parsers) and the history load on first use, not with the Transactions page.
const ImportWizard = lazy(() => import('./ImportWizard'));
const ImportHistory = lazy(() => import('./ImportHistory'));
const ConfirmUndoImport = lazy(() => import('./ConfirmUndoImport').then((m) => ({ default: m.ConfirmUndoImport })));

/** The Transactions page's "Import" button (and "Import history" beside it), and what they open. */
export function ImportEntry() {
  const [open, setOpen] = useState<'wizard' | 'history' | null>(null);
  // "Undo import" on the toast after an import asks first, like the history's.
  const [undoing, setUndoing] = useState<UndoTarget | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <ButtonDropdown
        mainAction={{ text: 'Import', iconName: 'upload', onClick: () => setOpen('wizard') }}
        items={[{ id: 'history', text: 'Import history' }]}
        onItemClick={({ detail }) => detail.id === 'history' && setOpen('history')}
        ariaLabel="More import actions"
        data-testid="transactions-import-menu"
      />
      <Suspense fallback={null}>
        {open === 'wizard' ? <ImportWizard onClose={close} onUndo={setUndoing} /> : null}
        {open === 'history' ? <ImportHistory onClose={close} /> : null}
        {undoing ? <ConfirmUndoImport target={undoing} onClose={() => setUndoing(null)} /> : null}
      </Suspense>
    </>
  );
}
