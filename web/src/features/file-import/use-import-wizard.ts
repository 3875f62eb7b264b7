import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_FILE_MB, IMPORT_MAX_ROWS } from '@rent/shared/core/imports';
import { centsToString, formatCount, formatCurrency } from '@rent/shared/core/money';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  type ImportMappingBody,
  type ImportPreview,
  previewImport,
  sendImport,
  useAfterImport,
  useBankAccounts,
} from '../../api/imports';
import { toast } from '../../components/toast/store';
import type { UndoTarget } from './ConfirmUndoImport';
import {
  type ColumnMapping,
  type DateFormat,
  fileText,
  isCompleteMapping,
  type LoadedFile,
  loadText,
  type MappingOrigin,
  mapCsv,
  type ParsedRow,
  startingMapping,
} from './readFile';

export const IMPORT_ACCEPT = '.csv,.tsv,.txt,.ofx,.qfx';
/** How long the "Undo import" toast stays (the history keeps Undo after it is gone). */
export const IMPORT_TOAST_MS = 15_000;

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

export interface ReviewRow extends ParsedRow {
  status: ImportPreview['rows'][number]['status'];
  reason: string | null;
  match: ImportPreview['rows'][number]['match'];
}

/** Undo from the toast or the history: says what was removed and what was kept, and why. */
export function undoneText(result: { removedCount: number; keptCount: number }): string {
  const removed = `${plural(result.removedCount, 'transaction')} removed`;
  if (result.keptCount === 0) return `${removed}.`;
  return `${removed}; ${plural(result.keptCount, 'transaction')} kept because ${
    result.keptCount === 1 ? 'it was' : 'they were'
  } changed after the import (edited, categorized, or given a receipt or a message).`;
}

/**
 * The import wizard's state and actions: the file and its parse, the account and default property,
 * the column mapping and date order, the server's preview, the person's choices, and the upload.
 */
export function useImportWizard(onClose: () => void, onUndo: (target: UndoTarget) => void) {
  const [step, setStep] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<LoadedFile | null>(null);
  const [bankAccountId, setBankAccountId] = useState('');
  const [propertyId, setPropertyId] = useState('');
  const [mapping, setMapping] = useState<Partial<ColumnMapping>>({});
  const [mappingOrigin, setMappingOrigin] = useState<MappingOrigin>('guess');
  const [dateFormat, setDateFormat] = useState<DateFormat | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const importId = useRef<string>(crypto.randomUUID());
  const accounts = useBankAccounts();
  const afterImport = useAfterImport();

  const chooseFile = async (file: File | null) => {
    setFileError(null);
    setLoaded(null);
    setPreview(null);
    setFileName(file?.name ?? null);
    if (!file) return;
    if (file.size > IMPORT_MAX_FILE_BYTES) {
      setFileError(`The file is larger than ${IMPORT_MAX_FILE_MB} MB. Export a shorter period.`);
      return;
    }
    const next = loadText(file.name, await fileText(file));
    setLoaded(next);
    applyStart(next, bankAccountId);
    importId.current = crypto.randomUUID();
    if (next.kind === 'ofx' && next.rows.length === 0) setFileError(next.errors[0]?.reason ?? 'No transactions found');
  };

  const applyStart = (file: LoadedFile, accountId: string) => {
    const start = startingMapping(file, accounts.data?.find((a) => a.id === accountId)?.importMapping);
    setMapping(start.mapping);
    setDateFormat(start.dateFormat);
    setMappingOrigin(start.origin);
  };

  const chooseAccount = (accountId: string) => {
    setBankAccountId(accountId);
    setPreview(null);
    if (loaded) applyStart(loaded, accountId);
  };

  const mapped = useMemo(
    () => (loaded?.kind === 'csv' ? mapCsv(loaded.layout, mapping, dateFormat) : null),
    [loaded, mapping, dateFormat],
  );
  const rows: ParsedRow[] = loaded?.kind === 'ofx' ? loaded.rows : (mapped?.rows ?? []);
  const errors = loaded?.kind === 'ofx' ? loaded.errors : [...(loaded?.errors ?? []), ...(mapped?.errors ?? [])];
  const ambiguousDates = (mapped?.candidates.length ?? 0) > 1;
  const needsDateChoice = ambiguousDates && dateFormat === null;

  const reviewRows: ReviewRow[] = useMemo(() => {
    if (!preview) return [];
    const byLine = new Map(preview.rows.map((r) => [r.line, r]));
    return rows.flatMap((row) => {
      const verdict = byLine.get(row.line);
      return verdict ? [{ ...row, status: verdict.status, reason: verdict.reason, match: verdict.match }] : [];
    });
  }, [preview, rows]);
  const included = reviewRows.filter((r) => !excluded.has(r.line));

  /** Why the person cannot go on from a step, or null. */
  const blocker = (index: number): string | null => {
    if (index === 0) {
      if (!loaded) return 'Choose a file to import.';
      if (fileError) return fileError;
      return null;
    }
    if (index === 1) {
      if (loaded?.kind === 'csv' && !mapped) return 'Choose the date, description and amount columns.';
      if (needsDateChoice) return 'Choose the order of the dates in this file.';
      if (rows.length === 0) return 'No row of the file could be read with these columns.';
      if (rows.length > IMPORT_MAX_ROWS) {
        return `This file has ${plural(rows.length, 'row')}; an import holds at most ${formatCount(IMPORT_MAX_ROWS)}. Export a shorter period.`;
      }
      return null;
    }
    return included.length === 0 ? 'Select at least one row to import.' : null;
  };

  const navigate = async (requested: number) => {
    setStepError(null);
    if (requested < step) {
      setStep(requested);
      return;
    }
    const blocked = blocker(step);
    if (blocked) {
      setStepError(blocked);
      return;
    }
    if (requested === 2) {
      setPreviewing(true);
      try {
        const body = rows.map((r) => ({
          line: r.line,
          date: r.date,
          name: r.name,
          amount: centsToString(r.amountCents),
          externalId: r.externalId,
        }));
        const result = await previewImport(bankAccountId || null, body);
        setPreview(result);
        // Only new rows start ticked: a duplicate and every possible duplicate wait for the person.
        setExcluded(new Set(result.rows.filter((r) => !r.include).map((r) => r.line)));
      } catch (error) {
        setStepError(errorMessage(error, 'The preview failed. Please try again.'));
        return;
      } finally {
        setPreviewing(false);
      }
    }
    setStep(requested);
  };

  const submit = async () => {
    const blocked = blocker(2);
    if (blocked) {
      setStepError(blocked);
      return;
    }
    setStepError(null);
    const all = reviewRows.map((r) => ({
      line: r.line,
      date: r.date,
      name: r.name,
      amount: centsToString(r.amountCents),
      externalId: r.externalId,
      notes: r.memo ?? null,
      include: !excluded.has(r.line),
    }));
    // The columns the person confirmed are remembered for the account's next import.
    const confirmed: ImportMappingBody | null =
      loaded?.kind === 'csv' && bankAccountId && isCompleteMapping(mapping)
        ? {
            columns: loaded.layout.columns,
            date: mapping.date,
            name: mapping.name,
            amount: mapping.amount,
            externalId: mapping.externalId ?? null,
            flipSign: mapping.flipSign ?? false,
            dateFormat: mapped?.format ?? null,
          }
        : null;
    setProgress({ sent: 0, total: all.length });
    try {
      const id = importId.current;
      const result = await sendImport(
        {
          id,
          fileName: fileName ?? 'import',
          bankAccountId: bankAccountId || null,
          propertyId: propertyId || null,
          mapping: confirmed,
        },
        all,
        (sent) => setProgress({ sent, total: all.length }),
      );
      afterImport();
      onClose();
      toast.success('Import complete', {
        description: `${plural(result.import.importedCount, 'transaction')} imported from ${result.import.fileName}${
          result.import.skippedCount ? `; ${plural(result.import.skippedCount, 'row')} left out` : ''
        }.`,
        duration: IMPORT_TOAST_MS,
        action: {
          label: 'Undo import',
          onClick: () => onUndo({ id, fileName: result.import.fileName, importedCount: result.import.importedCount }),
        },
      });
    } catch (error) {
      setStepError(errorMessage(error, 'The import stopped. Import again to finish: no row is written twice.'));
    } finally {
      setProgress(null);
    }
  };

  const setIncluded = (lines: number[], include: boolean) =>
    setExcluded((current) => {
      const next = new Set(current);
      for (const line of lines) include ? next.delete(line) : next.add(line);
      return next;
    });

  return {
    step,
    navigate,
    stepError,
    fileName,
    fileError,
    chooseFile,
    loaded,
    accounts,
    bankAccountId,
    setBankAccountId: chooseAccount,
    propertyId,
    setPropertyId,
    mapping,
    mappingOrigin,
    setMapping: (next: Partial<ColumnMapping>) => {
      setMapping(next);
      setPreview(null);
    },
    dateFormat,
    setDateFormat,
    ambiguousDates,
    candidates: mapped?.candidates ?? [],
    rows,
    errors,
    previewing,
    preview,
    reviewRows,
    excluded,
    setIncluded,
    includedCount: included.length,
    progress,
    submit,
    formatAmount: (cents: number) => formatCurrency(cents, 2),
  };
}

export type ImportWizardState = ReturnType<typeof useImportWizard>;
