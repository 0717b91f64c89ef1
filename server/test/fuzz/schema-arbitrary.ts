import fc from 'fast-check';

/** A JSON Schema node of the bundled contract (OpenAPI 3.1 schema objects). */
export type Schema = Record<string, unknown>;
export type Contract = Record<string, unknown>;

/** Follows local `$ref`s ("#/components/schemas/X") to the schema they name. */
export function resolveRef(contract: Contract, node: unknown): Schema {
  let current = node as Schema;
  for (let depth = 0; typeof current?.$ref === 'string'; depth++) {
    if (depth > 20) throw new Error(`$ref loop at ${String(current.$ref)}`);
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
    current = pointer.reduce<unknown>(
      (at, key) => (at as Schema)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      contract,
    ) as Schema;
    if (!current) throw new Error(`unresolved $ref ${String((node as Schema).$ref)}`);
  }
  return current;
}

/**
 * A schema that extends others (`allOf` plus its own properties, closed by
 * `unevaluatedProperties: false`) as one object schema: properties and required lists joined.
 */
function flattened(contract: Contract, schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const members = (schema.allOf as unknown[]).map((member) =>
    flattened(contract, resolveRef(contract, member)),
  );
  const { allOf: _members, unevaluatedProperties, ...own } = schema;
  return {
    type: 'object',
    ...own,
    properties: Object.assign(
      {},
      ...members.map((member) => member.properties ?? {}),
      own.properties ?? {},
    ),
    required: [
      ...members.flatMap((member) => (member.required ?? []) as string[]),
      ...((own.required ?? []) as string[]),
    ],
    additionalProperties: unevaluatedProperties === false ? false : own.additionalProperties,
  };
}

/** Length as JSON Schema (and ajv) counts it: in code points, not UTF-16 units. */
export const codePoints = (text: string): number => [...text].length;

const isoDate = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2035-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const fits = (text: string): boolean => {
    const length = codePoints(text);
    return length >= minLength && (maxLength === undefined || length <= maxLength);
  };
  let base: fc.Arbitrary<string>;
  switch (schema.format) {
    case 'uuid':
      base = fc.uuid();
      break;
    case 'email':
      // fast-check's RFC 5321 addresses, plus the plain ones a claimant types.
      base = fc.oneof(
        fc.emailAddress(),
        fc.stringMatching(/^[a-z0-9._%+-]{1,20}@[a-z0-9-]{1,12}\.(co\.uk|com|org)$/),
      );
      break;
    case 'date':
      base = isoDate;
      break;
    case 'date-time':
      base = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      break;
    case 'binary':
      base = fc.string();
      break;
    default:
      if (typeof schema.pattern === 'string') {
        base = fc.stringMatching(new RegExp(schema.pattern, 'u'));
      } else {
        // Any Unicode text: full graphemes, with the occasional mix of scripts and emoji.
        const lengths = { minLength, maxLength: maxLength ?? 40 };
        base = fc.oneof(
          fc.string({ unit: 'grapheme', ...lengths }),
          fc.string({ unit: 'grapheme-ascii', ...lengths }),
        );
      }
  }
  return base.filter(fits);
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000_000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000_000;
  return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
}

/**
 * Values valid against `schema`, for the JSON Schema subset the contract uses: type, enum, const,
 * pattern, minLength/maxLength, minimum/maximum, format uuid/email/date, required,
 * additionalProperties false (or a schema), items/minItems/uniqueItems, oneOf/anyOf, allOf with
 * unevaluatedProperties false, and $ref to components.
 */
export function arbitraryFor(contract: Contract, node: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = flattened(contract, resolveRef(contract, node));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives))
    return fc.oneof(
      ...alternatives.map((alternative) => arbitraryFor(contract, alternative, depth + 1)),
    );
  const type = Array.isArray(schema.type)
    ? (schema.type as string[])[0]
    : (schema.type as string | undefined);
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: schema.minimum as number | undefined,
        max: schema.maximum as number | undefined,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = arbitraryFor(contract, schema.items ?? {}, depth + 1);
      const constraints = {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: (schema.maxItems as number | undefined) ?? 5,
      };
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (value) => JSON.stringify(value) })
        : fc.array(items, constraints);
    }
    case 'object':
      return objectArbitrary(contract, schema, depth);
    default:
      if (schema.properties) return objectArbitrary(contract, schema, depth);
      // An empty schema accepts anything.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(
  contract: Contract,
  schema: Schema,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = (schema.required ?? []) as string[];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties))
    model[name] = arbitraryFor(contract, property, depth + 1);
  const known = fc.record(model, { requiredKeys: required });
  if (schema.additionalProperties === false || depth > 3) return known;
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
    const maxKeys = Math.min((schema.maxProperties as number | undefined) ?? 3, 3);
    return fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }),
      arbitraryFor(contract, schema.additionalProperties, depth + 1),
      { maxKeys },
    );
  }
  const extra = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !(key in properties)),
    fc.jsonValue({ maxDepth: 1 }),
    { maxKeys: 2 },
  );
  return fc.tuple(known, extra).map(([value, more]) => ({ ...more, ...value }));
}

/** The property names, required list and resolved property schemas of an object schema. */
export function objectShape(
  contract: Contract,
  node: unknown,
): { properties: Record<string, Schema>; required: string[]; closed: boolean } {
  const schema = flattened(contract, resolveRef(contract, node));
  const properties: Record<string, Schema> = {};
  for (const [name, property] of Object.entries(
    (schema.properties ?? {}) as Record<string, unknown>,
  ))
    properties[name] = resolveRef(contract, property);
  return {
    properties,
    required: (schema.required ?? []) as string[],
    closed: schema.additionalProperties === false,
  };
}
