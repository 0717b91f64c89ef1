import type { Logger } from 'pino';
import type { ValidationItem } from './errors.ts';

/** The rules of one operation's body that the contract cannot say and that need no stored facts. */
export type BodyRules = (body: Record<string, unknown>) => ValidationItem[];

/** Body rules by the contract's operationId. */
export type BodyRulesByOperation = Record<string, BodyRules>;

/**
 * One 400 names every problem of a request (docs/adr/016): the schema's items, then the rules'
 * items on properties the schema did not already name. The rules see only the fields the schema
 * accepted, so each reads values of its own type; they add a fixed handful of items, in one pass.
 */
export function withRuleProblems(
  items: ValidationItem[],
  body: unknown,
  rules: BodyRules | undefined,
  logger: Logger,
): ValidationItem[] {
  if (!rules || typeof body !== 'object' || body === null || Array.isArray(body)) return items;
  const named = new Set(items.map((item) => item.property));
  const accepted = Object.fromEntries(
    Object.entries(body).filter(([property]) => !named.has(property)),
  );
  try {
    return [...items, ...rules(accepted).filter((item) => !named.has(item.property))];
  } catch (error) {
    // The schema's answer still stands; a rule that cannot read a body never turns it into a 500.
    logger.warn({ err: { type: (error as Error)?.name } }, 'body rules failed on a refused body');
    return items;
  }
}
