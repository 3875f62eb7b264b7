import { useSyncExternalStore } from 'react';
import type { MaintenanceRequest } from '../../api/maintenance';

/**
 * The maintenance flyout opens from any page (like the transaction flyout): `openMaintenanceFlyout()`
 * to report an issue, `openMaintenanceFlyout(request)` to edit one. The shell hosts it; its code loads on first
 * use. This module stays tiny because the shell imports it.
 */
export interface MaintenanceFlyoutState {
  open: boolean;
  /** The request being edited; null reports a new one. */
  request: MaintenanceRequest | null;
  /** Changes on every open: the form starts afresh (it resets when closed). */
  session: number;
}

let state: MaintenanceFlyoutState = { open: false, request: null, session: 0 };
const listeners = new Set<() => void>();

function set(next: MaintenanceFlyoutState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openMaintenanceFlyout(request: MaintenanceRequest | null = null) {
  set({ open: true, request, session: state.session + 1 });
}

export function closeMaintenanceFlyout() {
  if (state.open) set({ ...state, open: false });
}

export function useMaintenanceFlyout(): MaintenanceFlyoutState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
