import { useSyncExternalStore } from 'react';

/** Opens the "Create organization" dialog from anywhere (the profile menu, Org Settings, the no-organization page). */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  open = next;
  for (const listener of listeners) listener();
}

export const openCreateOrganization = () => set(true);
export const closeCreateOrganization = () => set(false);

export function useCreateOrganizationOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
