/**
 * Short messages about things that happened in the background (a withdrawal confirmed or failed),
 * shown for a few seconds in any view, and the notices a person dismissed.
 */
import { create } from 'zustand';

export type ToastTone = 'positive' | 'danger' | 'info';

export interface Toast {
  id: string;
  tone: ToastTone;
  title: string;
  body: string;
}

const MAX_TOASTS = 4;
/** Long enough to read two lines; a person who needs more finds the full story in the view. */
export const TOAST_LIFETIME_MS = 8_000;

interface ToastState {
  toasts: Toast[];
  show(toast: Toast): void;
  dismiss(id: string): void;
}

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  // The same id replaces its older toast (one withdrawal, one line), newest first.
  show: (toast) => set((s) => ({ toasts: [toast, ...s.toasts.filter((t) => t.id !== toast.id)].slice(0, MAX_TOASTS) })),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

const DISMISSED_KEY = 'desk.dismissedNotices';
const MAX_DISMISSED = 50;

/**
 * Notices are keyed by their cause (the text the main process sent names it). A dismissed cause
 * stays dismissed across reloads of the page; a different cause shows again. Kept in
 * sessionStorage: the causes come from this run of the app (a settings file found damaged at
 * start, say), and a new run that finds a problem again should say so again.
 */
function readDismissed(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string').slice(-MAX_DISMISSED) : [];
  } catch {
    return [];
  }
}

interface NoticeState {
  dismissed: string[];
  dismiss(cause: string): void;
}

export const useDismissedNotices = create<NoticeState>()((set) => ({
  dismissed: readDismissed(),
  dismiss: (cause) =>
    set((s) => {
      const dismissed = [...s.dismissed.filter((c) => c !== cause), cause].slice(-MAX_DISMISSED);
      try {
        sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(dismissed));
      } catch {
        // Storage can be off; the notice then stays dismissed until the page reloads.
      }
      return { dismissed };
    }),
}));
