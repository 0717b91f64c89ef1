import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { fieldPath, prismFindings, schemaFindings } from '../src/contract-violations.ts';

describe('a contract violation in a test', () => {
  it('names the failing field as a JSON path', () => {
    expect(fieldPath(['body', 'items', '0', 'reference'])).toBe('body.items[0].reference');
    expect(fieldPath(['response', 'headers', 'x-request-id'])).toBe(
      'response.headers["x-request-id"]',
    );
  });

  it("when a body breaks a schema, then ajv's findings name the field's path", () => {
    const ajv = new Ajv2020({ allErrors: true });
    const validate = ajv.compile({
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['reference', 'status'],
            properties: { reference: { type: 'string', pattern: '^PC-\\d{10}$' } },
          },
        },
      },
    });
    expect(
      validate({ items: [{ reference: 'PC-0000000001', status: 'x' }, { reference: 'x' }] }),
    ).toBe(false);
    expect(schemaFindings(validate.errors)).toEqual([
      "body.items[1].status: must have required property 'status'",
      'body.items[1].reference: must match pattern "^PC-\\d{10}$"',
    ]);
  });

  it("when Prism's proxy finds a violation, then its header's findings name the field's path", () => {
    const header = JSON.stringify([
      {
        location: ['response', 'body', 'items', '0', 'reference'],
        severity: 'Error',
        code: 'pattern',
        message: 'Request body property items.0.reference must match pattern "^PC-\\d{10}$"',
      },
    ]);
    expect(prismFindings(header)).toEqual([
      'response.body.items[0].reference: Request body property items.0.reference must match pattern "^PC-\\d{10}$"',
    ]);
    expect(prismFindings('Too many violations! [{"loc')).toEqual(['Too many violations! [{"loc']);
  });
});
