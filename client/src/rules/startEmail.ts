import { FIELD_MESSAGES } from './messages';
import { email, maxLength, required, rule } from './validators';

// Start page: a valid e-mail of at most 100 characters (StartClaimRequest.email).
export function startEmailRule(value: unknown): string | undefined {
  return rule(FIELD_MESSAGES.email, required, email, maxLength(100))(typeof value === 'string' ? value.trim() : value);
}
