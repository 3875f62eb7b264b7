import type { ReactNode } from 'react';

/** Toast constants (docs/product.md "Constants and limits"). */
export type ToastType = 'success' | 'error' | 'info' | 'warning' | 'loading' | 'default';
export const TOAST_DURATIONS: Record<ToastType, number> = {
  info: 5000,
  error: 5000,
  warning: 5000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
  default: 5000,
};
export const TOAST_MAX = 24;
export const TOAST_GAP_PX = 16;
export const TOAST_HOTKEY = { altKey: true, code: 'KeyT', label: 'Alt+T' } as const;

export interface ToastOptions {
  /** Re-using an id replaces that toast (e.g. loading -> success). */
  id?: string;
  description?: ReactNode;
  /** Milliseconds; defaults by type; Infinity keeps it until dismissed. */
  duration?: number;
  /** Milliseconds to wait before showing it (a save's success toast follows after 100ms). */
  delay?: number;
  dismissible?: boolean;
  action?: { label: string; onClick: () => void };
}

export interface Toast extends Required<Pick<ToastOptions, 'id' | 'duration' | 'dismissible'>> {
  type: ToastType;
  title: ReactNode;
  description?: ReactNode;
  action?: ToastOptions['action'];
  createdAt: number;
}

type Listener = () => void;
let toasts: Toast[] = [];
const listeners = new Set<Listener>();
const timers = new Map<
  string,
  { handle: ReturnType<typeof setTimeout> | null; remaining: number; startedAt: number }
>();
/** A toast's countdown runs only while the toast area is on screen (it loads lazily) and not hovered or focused. */
let areaShown = false;
let held = false;
const running = () => areaShown && !held;
let counter = 0;

function emit() {
  for (const l of listeners) l();
}

function schedule(id: string, ms: number) {
  if (!Number.isFinite(ms)) return;
  const entry = { handle: null as ReturnType<typeof setTimeout> | null, remaining: ms, startedAt: Date.now() };
  if (running()) entry.handle = setTimeout(() => dismissToast(id), ms);
  timers.set(id, entry);
}

function clearTimer(id: string) {
  const entry = timers.get(id);
  if (entry?.handle) clearTimeout(entry.handle);
  timers.delete(id);
}

function show(type: ToastType, title: ReactNode, options: ToastOptions): string {
  const id = options.id ?? `toast-${++counter}`;
  const item: Toast = {
    id,
    type,
    title,
    description: options.description,
    action: options.action,
    duration: options.duration ?? TOAST_DURATIONS[type],
    dismissible: options.dismissible ?? true,
    createdAt: Date.now(),
  };
  clearTimer(id);
  const rest = toasts.filter((t) => t.id !== id);
  const next = [...rest, item];
  // The queue holds at most TOAST_MAX toasts; the oldest go first.
  while (next.length > TOAST_MAX) {
    const dropped = next.shift();
    if (dropped) clearTimer(dropped.id);
  }
  toasts = next;
  schedule(id, item.duration);
  emit();
  return id;
}

function showLater(type: ToastType, title: ReactNode, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  if (options.delay) setTimeout(() => show(type, title, { ...options, id }), options.delay);
  else show(type, title, { ...options, id });
  return id;
}

/**
 * The one way to show a toast: `toast.success(title, { description })`, `toast.error(...)`. Durations default by
 * type (see TOAST constants above); `duration` sets another where the product names one. Returns the toast's id.
 */
export const toast = {
  success: (title: ReactNode, options?: ToastOptions) => showLater('success', title, options),
  error: (title: ReactNode, options?: ToastOptions) => showLater('error', title, options),
  info: (title: ReactNode, options?: ToastOptions) => showLater('info', title, options),
  warning: (title: ReactNode, options?: ToastOptions) => showLater('warning', title, options),
  loading: (title: ReactNode, options?: ToastOptions) => showLater('loading', title, options),
};

export function dismissToast(id: string) {
  clearTimer(id);
  const next = toasts.filter((t) => t.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

function stopTimers() {
  const now = Date.now();
  for (const entry of timers.values()) {
    if (!entry.handle) continue;
    clearTimeout(entry.handle);
    entry.handle = null;
    entry.remaining = Math.max(0, entry.remaining - (now - entry.startedAt));
  }
}

function startTimers() {
  const now = Date.now();
  for (const [id, entry] of timers) {
    if (entry.handle) continue;
    entry.startedAt = now;
    entry.handle = setTimeout(() => dismissToast(id), Math.max(entry.remaining, 1000));
  }
}

/**
 * The toast area is on screen: countdowns start now. Until then a toast waits, so the first toast of a page is not
 * gone before the lazily loaded area could draw it (a slow phone or a busy CPU).
 */
export function toastAreaShown() {
  areaShown = true;
  if (running()) startTimers();
}

/** Hovering or focusing the toast area pauses every timer (WCAG 2.2.1); leaving resumes them. */
export function pauseToasts() {
  if (held) return;
  held = true;
  stopTimers();
}

export function resumeToasts() {
  if (!held) return;
  held = false;
  if (running()) startTimers();
}

export function subscribeToasts(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}
