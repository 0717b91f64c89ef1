import { StaffSetupRequestRules, StaffSignInRequestRules } from '@prize/generated/rules';
import { describe, expect, it } from 'vitest';
import { ruleError, STAFF_FIELD_MESSAGES, ticketCodeError, typedTicketCode } from './validation';

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

  it('When a ticket code is scanned or typed in lower case with spaces, then it is shown in capitals and accepted by the shared rule (@prize/domain)', () => {
    expect(typedTicketCode(' pc-7q2m 9xa4kd ')).toBe('PC-7Q2M9XA4KD');
    expect(ticketCodeError('PC-7Q2M9XA4KD')).toBeUndefined();
    // Crockford's reading, as the server's: O is 0, I and L are 1.
    expect(ticketCodeError('PC-7Q2M9XA4KO')).toBeUndefined();
    for (const code of ['PC-7Q2M9XA4K', 'PC-7Q2M9XA4KU', 'XX-7Q2M9XA4KD', undefined])
      expect(ticketCodeError(code)).toBe(STAFF_FIELD_MESSAGES.ticketCode);
  });
});
