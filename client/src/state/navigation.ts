import { notifications } from './notifications';
import { validationErrors } from './validationErrors';

// Spec section 2: before every navigation, all validation errors and timed-out
// notifications are cleared.
export function clearBeforeNavigation(): void {
  validationErrors.clear();
  notifications.clearTimedOut();
}
