import { useSyncExternalStore } from 'react';
import type { Rule } from '../../api/rules';

/**
 * Opens the categorization rule dialog from anywhere (the product: "A rule modal can open from a tip
 * toast"). This module is tiny and free of re2js and zod: the dialog's code loads on first open
 * (RuleDialogHost). `openRuleDialog({ merchantName: t.name, category: t.category })` prefills a new
 * rule whose pattern matches that name literally (escaped inside the lazy dialog, so callers do
 * not pull the regex engine into their bundle); `namePattern` passes a pattern as it is.
 */
export interface RuleDialogPrefill {
  name?: string;
  /** A regular expression, used as it is. */
  namePattern?: string;
  /** A transaction name: the dialog turns it into a pattern that matches it literally. */
  merchantName?: string;
  category?: string | null;
  propertyId?: string | null;
}

export interface RuleDialogState {
  open: boolean;
  /** The rule being edited; null creates one. */
  rule: Rule | null;
  prefill: RuleDialogPrefill | null;
  /** Changes on every open, so each open starts a fresh form. */
  session: number;
}

let state: RuleDialogState = { open: false, rule: null, prefill: null, session: 0 };
const listeners = new Set<() => void>();

function set(next: RuleDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Create a rule (optionally prefilled). */
export function openRuleDialog(prefill: RuleDialogPrefill | null = null) {
  set({ open: true, rule: null, prefill, session: state.session + 1 });
}

/** Edit a saved rule. */
export function openEditRuleDialog(rule: Rule) {
  set({ open: true, rule, prefill: null, session: state.session + 1 });
}

export function closeRuleDialog() {
  if (!state.open) return;
  set({ ...state, open: false });
}

export function useRuleDialogState(): RuleDialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
