import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type FileImport, useImports } from '../../api/imports';
import { formatDateTime } from '../../lib/dates';
import { ConfirmUndoImport } from './ConfirmUndoImport';

const STATUS: Record<FileImport['status'], { type: 'success' | 'in-progress' | 'stopped'; text: string }> = {
  imported: { type: 'success', text: 'Imported' },
  importing: { type: 'in-progress', text: 'Not finished' },
  undoing: { type: 'in-progress', text: 'Undoing' },
  undone: { type: 'stopped', text: 'Undone' },
};

/** The organization's imports, newest first, each with Undo (after a confirmation) until it is undone. */
export default function ImportHistory({ onClose }: { onClose: () => void }) {
  const imports = useImports();
  const [confirming, setConfirming] = useState<FileImport | null>(null);
  if (confirming) return <ConfirmUndoImport target={confirming} onClose={() => setConfirming(null)} />;
  return (
    <Modal visible size="large" onDismiss={onClose} header="Import history" data-testid="import-history">
      <Table<FileImport>
        variant="embedded"
        items={imports.data ?? []}
        loading={imports.isPending}
        loadingText="Loading imports"
        trackBy="id"
        wrapLines
        empty={
          <Box textAlign="center" color="inherit">
            {imports.isError ? errorMessage(imports.error, 'Imports could not be loaded.') : 'No file imported yet.'}
          </Box>
        }
        columnDefinitions={[
          { id: 'file', header: 'File', cell: (i) => i.fileName },
          { id: 'when', header: 'Imported', cell: (i) => formatDateTime(i.createdAt) },
          {
            id: 'rows',
            header: 'Transactions',
            cell: (i) =>
              i.status === 'undone'
                ? `${i.removedCount ?? 0} removed${i.keptCount ? `, ${i.keptCount} kept` : ''}`
                : `${i.importedCount} imported${i.skippedCount ? `, ${i.skippedCount} left out` : ''}`,
          },
          {
            id: 'status',
            header: 'Status',
            cell: (i) => <StatusIndicator type={STATUS[i.status].type}>{STATUS[i.status].text}</StatusIndicator>,
          },
          {
            id: 'actions',
            header: 'Actions',
            cell: (i) =>
              i.status === 'undone' ? null : (
                <Button
                  onClick={() => setConfirming(i)}
                  ariaLabel={`Undo import of ${i.fileName}`}
                  data-testid="import-undo"
                >
                  Undo import
                </Button>
              ),
          },
        ]}
        ariaLabels={{ tableLabel: 'Imports' }}
      />
    </Modal>
  );
}
