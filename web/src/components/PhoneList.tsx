import Container from '@cloudscape-design/components/container';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ReactNode } from 'react';

/**
 * A list in place of a table on a phone (below 689 px, where a table's columns do not fit): the table's header, its
 * filter, a tools row when it has any (what the list has beside the table's pagination, then the pagination and
 * preferences), its loading and empty states, the rows (`li` elements, styled by the rt-list-* classes of app.css)
 * and the table's footer (a "Load more").
 */
export function PhoneList(props: {
  testId: string;
  /** The list's name for screen readers ("Transactions"). */
  label: string;
  header: ReactNode;
  filter?: ReactNode;
  /** At the start of the tools row (the ledger's "All" checkbox). */
  toolsStart?: ReactNode;
  pagination?: ReactNode;
  preferences?: ReactNode;
  /** As a table's: while true the list shows `loadingText` in place of its rows. */
  loading?: boolean;
  loadingText?: string;
  /** Shown when there are no rows. */
  empty: ReactNode;
  /** The rows; an empty list shows `empty`. */
  rows: ReactNode[];
  footer?: ReactNode;
}) {
  return (
    <Container header={props.header} footer={props.footer} disableContentPaddings data-testid={props.testId}>
      {props.filter ? <div className="rt-list-filter">{props.filter}</div> : null}
      {props.toolsStart || props.pagination || props.preferences ? (
        <div className="rt-list-tools">
          {props.toolsStart}
          <div className="rt-list-tools-end">
            {props.pagination}
            {props.preferences}
          </div>
        </div>
      ) : null}
      {props.loading ? (
        <div className="rt-list-status">
          <StatusIndicator type="loading">{props.loadingText}</StatusIndicator>
        </div>
      ) : props.rows.length === 0 ? (
        <div className="rt-list-status">{props.empty}</div>
      ) : (
        <ul className="rt-list-list" aria-label={props.label}>
          {props.rows}
        </ul>
      )}
    </Container>
  );
}
