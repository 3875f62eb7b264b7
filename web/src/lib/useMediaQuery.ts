import { useSyncExternalStore } from 'react';

/** True while the media query matches; follows changes (resize, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The sign-in sheet is a bottom sheet below 640px and a centred dialog from 640px. */
export const DIALOG_MIN_WIDTH_QUERY = '(min-width: 640px)';

/** Cloudscape's AppLayout switches to its mobile layout below 689px. */
export const DESKTOP_QUERY = '(min-width: 689px)';
