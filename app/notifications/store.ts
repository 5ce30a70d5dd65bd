import { useSyncExternalStore } from "react";

/**
 * The one way the app tells the shopper something (SPEC's "alerts"): in-page
 * messages, never window.alert. A message with `onConfirm` asks for an OK.
 */
export interface Notice {
  id: number;
  text: string;
  onConfirm?: () => void;
}

/** Older messages give way so the stack never covers the page. */
const MAX_NOTICES = 4;
const noNotices: Notice[] = [];

let notices: Notice[] = noNotices;
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: Notice[]) {
  notices = next;
  for (const listener of listeners) listener();
}

export function notify(text: string, options: { onConfirm?: () => void } = {}) {
  update([...notices, { id: nextId++, text, onConfirm: options.onConfirm }].slice(-MAX_NOTICES));
}

export function dismissNotice(id: number) {
  update(notices.filter((notice) => notice.id !== id));
}

export function useNotices(): Notice[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notices,
    () => noNotices,
  );
}
