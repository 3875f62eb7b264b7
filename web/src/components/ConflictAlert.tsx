import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { ApiError } from '../api/client';

/**
 * A change refused because the record changed since the person loaded it: 409 CONFLICT (the "Versions" convention of
 * docs/README.md "Conventions that hold everywhere"). Other 409s (an overlapping lease, a closed period, a limit) say
 * something else and are shown as they are.
 */
export const isVersionConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT';

/** The house's words for it: the alert's header on a form, the toast's title after a one-click change. */
export const conflictTitle = (thing: string) => `Someone else changed this ${thing}`;

/**
 * The alert a form shows on that 409: the person's edits stay, and "Load latest version" replaces them with what is
 * saved now, whose version the next save sends. The transaction, maintenance, rule and property forms all show it.
 */
export function ConflictAlert(props: {
  /** What changed, in words: "rule", "lease". */
  thing: string;
  /** The server's message. */
  message: string;
  onLoadLatest: () => void;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <Alert
      type="warning"
      header={conflictTitle(props.thing)}
      action={
        <Button formAction="none" loading={props.loading} onClick={props.onLoadLatest}>
          Load latest version
        </Button>
      }
      data-testid={props.testId}
    >
      {props.message} Your edits are still here; load the latest version to see what changed, then save again.
    </Alert>
  );
}
