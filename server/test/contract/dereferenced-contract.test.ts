import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldMessages, loadContract, loadDereferencedContract } from '../../src/http/openapi.ts';

type Json = Record<string, unknown>;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Every `$ref` left in a document, walked once per object (the dereferenced one has a cycle). */
function refsIn(node: unknown, seen = new Set<unknown>()): string[] {
  if (node === null || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const own = typeof (node as Json).$ref === 'string' ? [(node as Json).$ref as string] : [];
  return [...own, ...Object.values(node as Json).flatMap((child) => refsIn(child, seen))];
}

describe("make generate's one dereferencing step", () => {
  const dereferenced = loadDereferencedContract();

  it('when the dereferenced contract is read, then no $ref is left and ValidationItem refers to itself', () => {
    expect(refsIn(dereferenced)).toEqual([]);
    const item = ((dereferenced.components as Json).schemas as Record<string, Json>)
      .ValidationItem!;
    const children = (item.properties as Record<string, Json>).children!;
    // YAML aliases keep the self-reference: the nested item has the very same properties.
    expect((children.items as Json).properties).toBe(item.properties);
  });

  it('when a field refers to a type and gives its own message, then the field messages keep its own', () => {
    // productType is `$ref: ./ProductType.yaml` with `x-error-message` beside it.
    const messages = fieldMessages(dereferenced).get('POST /api/v1/claim/{id}');
    expect(messages?.get('productType')).toBe('Please select a product');
    expect(messages?.get('dbgGame')).toBe('Please select a draw based game');
  });

  it('when the contract is published, then it is the bundled one with its $refs, not the dereferenced one', () => {
    const published = loadContract();
    expect(refsIn(published).length).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(repoRoot, 'generated/openapi.json'), 'utf8')).toContain(
      '"$ref": "#/components/schemas/ClaimSubmission"',
    );
  });

  it('when the source is searched, then no hand-written $ref follower is left', () => {
    const files = [
      'server/src/http/openapi.ts',
      'server/src/modules/address/loqate-layout.ts',
      'scripts/generate-rules.ts',
      'scripts/contract-compat/check.ts',
      'contract-tests/support/scenario.ts',
    ];
    for (const file of files) {
      const source = fs.readFileSync(path.join(repoRoot, file), 'utf8');
      expect(source, file).not.toMatch(/\.\$ref\b|function resolve/);
    }
  });
});
