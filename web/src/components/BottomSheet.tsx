import Button from '@cloudscape-design/components/button';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { shouldCloseSheet } from './bottomSheetClose';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  closeLabel?: string;
  testId?: string;
}

/**
 * A modal bottom sheet for narrow screens: fixed to the bottom, rounded top, a drag handle.
 * role=dialog + aria-modal, focus trapped inside, Escape and a backdrop click close it,
 * focus returns to where it was on close.
 */
export function BottomSheet({ open, onClose, title, children, closeLabel = 'Close', testId }: BottomSheetProps) {
  const titleId = useId();
  const sheetRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startY: number; samples: { y: number; t: number }[] } | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Focus in on open, back out on close; lock page scroll meanwhile.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const sheet = sheetRef.current;
    const first = sheet?.querySelector<HTMLElement>('[data-autofocus]') ?? sheet;
    first?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!open) setOffset(0);
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const sheet = sheetRef.current;
    if (!sheet) return;
    const items = Array.from(sheet.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) {
      event.preventDefault();
      sheet.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === sheet)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    if ((event.target as HTMLElement).closest('button, a, input')) return;
    drag.current = {
      pointerId: event.pointerId,
      startY: event.clientY,
      samples: [{ y: event.clientY, t: event.timeStamp }],
    };
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    d.samples.push({ y: event.clientY, t: event.timeStamp });
    if (d.samples.length > 6) d.samples.shift();
    setOffset(Math.max(0, event.clientY - d.startY));
  };

  const endDrag = (event: React.PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    const distance = Math.max(0, event.clientY - d.startY);
    // Velocity over the recent samples (px/s, positive = downwards).
    const firstSample = d.samples[0]!;
    const dt = event.timeStamp - firstSample.t;
    const velocity = dt > 0 ? ((event.clientY - firstSample.y) / dt) * 1000 : 0;
    const height = sheetRef.current?.getBoundingClientRect().height ?? 0;
    if (event.type !== 'pointercancel' && shouldCloseSheet(distance, height, velocity)) {
      onCloseRef.current();
    } else {
      setOffset(0);
    }
  };

  return createPortal(
    <div className="rt-sheet-root" data-testid={testId ? `${testId}-root` : undefined}>
      <div className="rt-sheet-backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={sheetRef}
        className="rt-sheet"
        data-dragging={dragging ? 'true' : undefined}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        style={{ transform: offset ? `translateY(${offset}px)` : undefined }}
        onKeyDown={onKeyDown}
      >
        <div
          className="rt-sheet-grip"
          data-testid={testId ? `${testId}-handle` : undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          <div className="rt-sheet-handle" aria-hidden="true" />
          <div className="rt-sheet-header">
            <h2 id={titleId} className="rt-sheet-title">
              {title}
            </h2>
            <Button variant="icon" iconName="close" ariaLabel={closeLabel} onClick={() => onCloseRef.current()} />
          </div>
        </div>
        <div className="rt-sheet-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
