import { useSyncExternalStore } from 'react';
import type { Transaction } from '../../api/transactions';

/**
 * The transaction flyout can be opened from any page (docs/product.md "Flyouts, drawers and toasts"):
 * `openTransactionFlyout()` to add one, `openTransactionFlyout(id)` to edit. The shell hosts the flyout; its code loads
 * on first use. This module stays tiny because the shell imports it.
 */
export interface TransactionFlyoutState {
  open: boolean;
  /** The transaction being edited; null adds a new one. */
  id: string | null;
  /** What the caller already has (a table row), shown while the flyout reads the current version. */
  seed: Transaction | null;
  /** Changes on every open, so opening the same transaction again starts afresh. */
  session: number;
  /** True for the first 500ms after opening (the "opening" flag). */
  opening: boolean;
  /** A new transaction started from elsewhere (a repair cost from its maintenance request): what it starts with. */
  draft: TransactionDraft | null;
}

export interface TransactionDraft {
  propertyId: string | null;
  category: string;
  direction: 'in' | 'out';
  notes: string;
  /** The maintenance request the new transaction is a cost of (docs/tenants-and-maintenance.md "Repair costs"). */
  maintenanceRequestId: string;
}

/** The "opening" flag clears after this long. */
export const OPENING_FLAG_MS = 500;

let state: TransactionFlyoutState = { open: false, id: null, seed: null, session: 0, opening: false, draft: null };
const listeners = new Set<() => void>();
let openingTimer: ReturnType<typeof setTimeout> | null = null;

function set(next: TransactionFlyoutState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openTransactionFlyout(
  id: string | null = null,
  seed: Transaction | null = null,
  draft: TransactionDraft | null = null,
) {
  if (openingTimer) clearTimeout(openingTimer);
  set({ open: true, id, seed, session: state.session + 1, opening: true, draft: id ? null : draft });
  openingTimer = setTimeout(() => {
    openingTimer = null;
    if (state.opening) set({ ...state, opening: false });
  }, OPENING_FLAG_MS);
}

export function closeTransactionFlyout() {
  if (!state.open) return;
  set({ ...state, open: false, opening: false });
}

export function getTransactionFlyoutState(): TransactionFlyoutState {
  return state;
}

export function useTransactionFlyout(): TransactionFlyoutState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/**
 * After a category change a tip offers to "Create Rule". The rule dialog belongs to the
 * categorization-rules feature; it registers here how to open itself. Until it does, no tip is shown
 * (a tip whose action leads nowhere would only confuse).
 */
export type RuleTipHandler = (transaction: Transaction) => void;
let ruleTipHandler: RuleTipHandler | null = null;

export function registerRuleTipHandler(handler: RuleTipHandler | null) {
  ruleTipHandler = handler;
}

export function getRuleTipHandler(): RuleTipHandler | null {
  return ruleTipHandler;
}
