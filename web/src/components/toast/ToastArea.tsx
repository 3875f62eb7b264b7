import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useFlyoutOpen } from '../flyout';
import {
  dismissToast,
  getToasts,
  pauseToasts,
  resumeToasts,
  subscribeToasts,
  TOAST_GAP_PX,
  TOAST_HOTKEY,
  type Toast,
  toastAreaShown,
} from './store';

function toFlashType(type: Toast['type']): FlashbarProps.Type {
  switch (type) {
    case 'success':
      return 'success';
    case 'error':
      return 'error';
    case 'warning':
      return 'warning';
    case 'loading':
      return 'in-progress';
    default:
      return 'info';
  }
}

/** The toast area: bottom-end normally, top-start while a flyout is open. Alt+T moves focus to it. */
export default function ToastArea() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  const flyoutOpen = useFlyoutOpen();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(toastAreaShown, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.code === TOAST_HOTKEY.code && !event.ctrlKey && !event.metaKey) {
        const region = regionRef.current;
        if (!region || getToasts().length === 0) return;
        event.preventDefault();
        const target = region.querySelector<HTMLElement>('button, [href], [tabindex]:not([tabindex="-1"])');
        (target ?? region).focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The newest toast sits next to the screen edge the area is anchored to.
  const items = useMemo<FlashbarProps.MessageDefinition[]>(() => {
    const ordered = flyoutOpen ? [...toasts].reverse() : toasts;
    return ordered.map((t) => ({
      id: t.id,
      type: toFlashType(t.type),
      loading: t.type === 'loading',
      header: t.title,
      content: t.description,
      dismissible: t.dismissible,
      dismissLabel: 'Dismiss notification',
      onDismiss: () => dismissToast(t.id),
      buttonText: t.action?.label,
      onButtonClick: t.action
        ? () => {
            t.action?.onClick();
            dismissToast(t.id);
          }
        : undefined,
    }));
  }, [toasts, flyoutOpen]);

  return (
    <section
      ref={regionRef}
      className="rt-toaster"
      data-position={flyoutOpen ? 'top-start' : 'bottom-end'}
      data-testid="toaster"
      aria-label={`Notifications ${TOAST_HOTKEY.label}`}
      tabIndex={-1}
      style={{ ['--rt-toast-gap' as string]: `${TOAST_GAP_PX}px` }}
      onMouseEnter={pauseToasts}
      onMouseLeave={resumeToasts}
      onFocus={pauseToasts}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resumeToasts();
      }}
      data-empty={items.length === 0 ? 'true' : undefined}
    >
      <Flashbar items={items} />
    </section>
  );
}
