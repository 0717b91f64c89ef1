/** Draw-game serials: 4-9-6 digit groups, or 2-4-4-4-2-1-4-4-3 for numbers starting with 53. */
const STANDARD = /^\d{4}-\d{9}-\d{6}$/;
const LONG = /^53-\d{4}-\d{4}-\d{4}-\d{2}-\d-\d{4}-\d{4}-\d{3}$/;

export function isDbgTicketNumberFormat(value: string): boolean {
  return value.startsWith('53') ? LONG.test(value) : STANDARD.test(value);
}
