// One field's own rule as the contract states it (generated/rules: its limits, pattern, values),
// run the way both sides read it: strings trimmed first, an empty optional string counting as
// absent (the PersonalDetails and ClaimSubmission descriptions in openapi/).
import { contractPattern } from '@prize/generated/rules';

export interface ContractFieldRule {
  readonly message?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly enum?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
}

export function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

const patterns = new Map<string, RegExp>();
function compiled(pattern: string): RegExp {
  let regExp = patterns.get(pattern);
  if (!regExp) patterns.set(pattern, (regExp = contractPattern(pattern)));
  return regExp;
}

/** Whether a present value breaks its contract rule (a blank one is the caller's `required`). */
export function breaksContractRule(rule: ContractFieldRule, value: unknown): boolean {
  if (typeof value === 'number') {
    return (
      !Number.isFinite(value) ||
      (rule.minimum !== undefined && value < rule.minimum) ||
      (rule.maximum !== undefined && value > rule.maximum)
    );
  }
  if (typeof value !== 'string') return rule.enum !== undefined || rule.pattern !== undefined;
  const text = value.trim();
  return (
    (rule.minLength !== undefined && text.length < rule.minLength) ||
    (rule.maxLength !== undefined && text.length > rule.maxLength) ||
    (rule.pattern !== undefined && !compiled(rule.pattern).test(text)) ||
    (rule.enum !== undefined && !rule.enum.includes(text))
  );
}
