import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import type { ReactNode } from 'react';

/** A lease card's section on a phone (its months, its ledger): the heading, then the rows or what to expect. */
export function LeaseList({
  testId,
  heading,
  label,
  empty,
  rows,
}: {
  testId: string;
  heading: string;
  /** The list's name for screen readers. */
  label: string;
  empty: string;
  rows: ReactNode[];
}) {
  return (
    <div data-testid={testId}>
      <Header variant="h3">{heading}</Header>
      {rows.length === 0 ? (
        <Box color="text-body-secondary">{empty}</Box>
      ) : (
        <ul className="rt-list-list" aria-label={label}>
          {rows}
        </ul>
      )}
    </div>
  );
}
