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
      if (failure instanceof ApiError && failure.issues.length > 0) {
        setIssues(Object.fromEntries(failure.issues.map((i) => [i.path, i.message])));
      }
      setError(errorMessage(failure, 'That did not go through. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return { fields, set, issues, sent, error, busy, submit, reset: () => setSent(null) };
}
