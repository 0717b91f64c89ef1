import { StartClaimRequestRules } from '@prize/generated/rules';
import { FIELD_MESSAGES } from './messages';
import { email, maxLength, required, rule } from './validators';

// Start page: a valid e-mail within the contract's limit (StartClaimRequest.email).
export function startEmailRule(value: unknown): string | undefined {
  return rule(
    FIELD_MESSAGES.email,
    required,
    email,
    maxLength(StartClaimRequestRules.email.maxLength),
  )(typeof value === 'string' ? value.trim() : value);
}
