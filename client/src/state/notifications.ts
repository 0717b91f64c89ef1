import { createStore, type ReadableStore } from './store';

// The notification store of spec section 4. Framework-free; components read it with useStore().

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export interface Notification {
  id: number;
  content: string;
  type: NotificationType;
  timeout: number;
  timedOut: boolean;
}

export interface NewNotification {
  content: string;
  type?: NotificationType;
  timeout?: number;
}

export const DEFAULT_NOTIFICATION_TIMEOUT_MS = 4000;

interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface NotificationStore extends ReadableStore<readonly Notification[]> {
  add: (notification: NewNotification) => number;
  clear: (id: number) => void;
  clearAll: () => void;
  clearTimedOut: () => void;
}

export function createNotificationStore(timers: Timers = globalTimers): NotificationStore {
  const store = createStore<readonly Notification[]>([]);
  const handles = new Map<number, unknown>();

  const publish = (next: readonly Notification[]) => {
    for (const notification of store.getState()) {
      if (!next.some((kept) => kept.id === notification.id)) {
        timers.clearTimeout(handles.get(notification.id));
        handles.delete(notification.id);
      }
    }
    store.setState(next);
  };

  const markTimedOut = (id: number) => {
    handles.delete(id);
    const state = store.getState();
    if (!state.some((notification) => notification.id === id)) return;
    publish(
      state.map((notification) =>
        notification.id === id ? { ...notification, timedOut: true } : notification,
      ),
    );
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    add({ content, type = 'info', timeout = DEFAULT_NOTIFICATION_TIMEOUT_MS }) {
      const state = store.getState();
      const id = state.reduce((highest, notification) => Math.max(highest, notification.id), 0) + 1;
      const kept = state.filter(
        (notification) => !notification.timedOut && notification.content !== content,
      );
      publish([...kept, { id, content, type, timeout, timedOut: false }]);
      handles.set(
        id,
        timers.setTimeout(() => markTimedOut(id), timeout),
      );
      return id;
    },
    clear(id) {
      publish(store.getState().filter((notification) => notification.id !== id));
    },
    clearAll() {
      publish([]);
    },
    clearTimedOut() {
      publish(store.getState().filter((notification) => !notification.timedOut));
    },
  };
}

// The one store the application uses.
export const notifications = createNotificationStore();
