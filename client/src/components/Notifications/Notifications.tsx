import { notifications, type NotificationStore } from '../../state/notifications';
import { useStore } from '../../state/useStore';

export interface NotificationsProps {
  store?: NotificationStore;
}

// Notifications are announced politely and cleared by a click; timed-out ones are hidden.
export function Notifications({ store = notifications }: NotificationsProps) {
  const list = useStore(store);
  const shown = list.filter((notification) => !notification.timedOut);
  return (
    <div className="notifications" aria-live="polite" aria-relevant="additions text">
      {shown.map((notification) => (
        <button
          key={notification.id}
          type="button"
          className={`notification notification--${notification.type}`}
          onClick={() => store.clear(notification.id)}
        >
          <span>{notification.content}</span>
          <span className="notification__dismiss">
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Dismiss this message</span>
          </span>
        </button>
      ))}
    </div>
  );
}
