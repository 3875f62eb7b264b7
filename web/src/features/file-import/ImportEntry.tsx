import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { lazy, Suspense, useState } from 'react';

// The wizard (with the file parsers) and the history load on first use, not with the Transactions page.
const ImportWizard = lazy(() => import('./ImportWizard'));
const ImportHistory = lazy(() => import('./ImportHistory'));

/** The Transactions page's "Import" button (and "Import history" beside it), and what they open. */
export function ImportEntry() {
  const [open, setOpen] = useState<'wizard' | 'history' | null>(null);
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
        {open === 'wizard' ? <ImportWizard onClose={close} /> : null}
        {open === 'history' ? <ImportHistory onClose={close} /> : null}
      </Suspense>
    </>
  );
}
