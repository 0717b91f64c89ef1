/**
 * A contract violation found by a test names the field that broke it, as a JSON path
 * (`body.items[0].reference: must match pattern "..."`), so a failing run says where to look
 * without reading the whole answer.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `['body', 'items', '0', 'reference']` -> `body.items[0].reference`. */
export function fieldPath(segments: ReadonlyArray<string | number>): string {
  return segments
    .map((segment, index) => {
      const key = String(segment);
      if (/^\d+$/.test(key)) return `[${key}]`;
      if (IDENTIFIER.test(key)) return index === 0 ? key : `.${key}`;
      return `[${JSON.stringify(key)}]`;
    })
    .join('');
}

/** The segments of a JSON pointer (`/items/0/reference`). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** What ajv reports of one failed keyword (the fields this module reads). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * One line per ajv error: the path of the failing field under `root`, then ajv's message. A
 * missing or unexpected property is named in the path itself, not only in the message.
 */
export function schemaFindings(
  errors: readonly SchemaError[] | null | undefined,
  root = 'body',
): string[] {
  return (errors ?? []).map((error) => {
    const segments = [root, ...pointerSegments(error.instancePath)];
    const named = error.params.missingProperty ?? error.params.additionalProperty;
    if (typeof named === 'string') segments.push(named);
    return `${fieldPath(segments)}: ${error.message ?? error.keyword}`;
  });
}

/** One violation of Prism's `sl-violations` header. */
interface PrismViolation {
  location?: string[];
  message?: string;
  severity?: string;
}

/**
 * One line per violation in Prism's `sl-violations` header (a JSON list whose `location` is the
 * field's path, `['response', 'body', 'items', '0', 'reference']`). A header Prism cut short
 * ("Too many violations! ...") is given as it is.
 */
export function prismFindings(header: string): string[] {
  let violations: PrismViolation[];
  try {
    violations = JSON.parse(header) as PrismViolation[];
  } catch {
    return [header];
  }
  if (!Array.isArray(violations)) return [header];
  return violations.map(
    (violation) =>
      `${fieldPath(violation.location ?? []) || '(document)'}: ${violation.message ?? 'violation'}`,
  );
}
