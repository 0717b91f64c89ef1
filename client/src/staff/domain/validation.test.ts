import { StaffSetupRequestRules, StaffSignInRequestRules } from '@prize/generated/rules';
import { describe, expect, it } from 'vitest';
import { normaliseTicketCode, ruleError, TICKET_CODE_RULE } from './validation';

// The limits and messages are the contract's (generated/rules): a change there moves these.
describe('staff field rules', () => {
  it("When a new password is at the contract's limits it passes; one character either side it is refused with the contract's message", () => {
    const { minLength, maxLength, message } = StaffSetupRequestRules.password;
    expect(ruleError(StaffSetupRequestRules.password, 'a'.repeat(minLength))).toBeUndefined();
    expect(ruleError(StaffSetupRequestRules.password, 'a'.repeat(maxLength))).toBeUndefined();
    expect(ruleError(StaffSetupRequestRules.password, 'a'.repeat(minLength - 1))).toBe(message);
    expect(ruleError(StaffSetupRequestRules.password, 'a'.repeat(maxLength + 1))).toBe(message);
  });

  it('When the security code is not six digits, then it is refused', () => {
    expect(ruleError(StaffSignInRequestRules.code, '123456')).toBeUndefined();
    for (const code of ['12345', '1234567', '12a456', undefined])
      expect(ruleError(StaffSignInRequestRules.code, code)).toBe(
        StaffSignInRequestRules.code.message,
      );
  });

  it('When a ticket code is scanned or typed in lower case with spaces, then it is normalised and accepted', () => {
    expect(normaliseTicketCode(' pc-7q2m 9xa4kd ')).toBe('PC-7Q2M9XA4KD');
    expect(ruleError(TICKET_CODE_RULE, 'PC-7Q2M9XA4KD')).toBeUndefined();
    expect(ruleError(TICKET_CODE_RULE, 'PC-7Q2M9XA4K')).toBe(TICKET_CODE_RULE.message);
  });
});
