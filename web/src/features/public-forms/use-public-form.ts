import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';

/** A public form's fields, its field errors from the server (400 issues), the sent message and the failure. */
export function usePublicForm<F extends Record<string, string>>(
  initial: F,
  send: (fields: F) => Promise<{ message: string }>,
) {
  const [fields, setFields] = useState(initial);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (name: keyof F) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  async function submit() {
    setBusy(true);
    setError(null);
    setIssues({});
    try {
      setSent((await send(fields)).message);
      setFields(initial);
    } catch (failure) {
      const placed = failure instanceof ApiError ? failure.issues.filter((i) => i.path in initial) : [];
      setIssues(Object.fromEntries(placed.map((i) => [i.path, i.message])));
      // Each field's problem shows at that field; the form-wide alert is for the rest (a refusal, no connection),
      // so the same words never stand twice.
      const allPlaced = failure instanceof ApiError && placed.length > 0 && placed.length === failure.issues.length;
      setError(allPlaced ? null : errorMessage(failure, 'That did not go through. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return { fields, set, issues, sent, error, busy, submit, reset: () => setSent(null) };
}
