import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkCompatibility } from './check.ts';

/** What the tests change of the fixture contract (fixtures/released.json). */
type Fixture = {
  info: { version: string };
  components: { schemas: Record<string, { properties: Record<string, object>; enum?: string[] }> };
  paths: Record<string, Record<string, { summary?: string; [key: string]: unknown }>>;
};

const here = import.meta.dirname;
const released: Fixture = JSON.parse(
  fs.readFileSync(path.join(here, 'fixtures/released.json'), 'utf8'),
);

/** The released fixture with one edit and the version given. */
function changed(version: string, edit: (document: Fixture) => void): Fixture {
  const document = structuredClone(released);
  document.info.version = version;
  edit(document);
  return document;
}

const removeRequiredEmail = (document: Fixture): void => {
  delete document.components.schemas.OrderRequest!.properties.email;
};
const narrowColour = (document: Fixture): void => {
  document.components.schemas.Colour!.enum = ['red', 'green'];
};

describe('the contract compatibility gate', () => {
  it('when a required request property loses its definition without a major raise, then it fails naming the property', () => {
    const report = checkCompatibility(released, changed('1.5.0', removeRequiredEmail));
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatch(
      /breaking change without a major version raise \(released 1\.4\.0, info\.version 1\.5\.0\)/,
    );
    expect(report.failures[0]).toMatch(
      /\[Removed\] property `email` in Request Body.* at paths\.\/api\/v1\/orders\.post\.requestBody\..*properties\.email/,
    );
  });

  it('when a request enum is narrowed without a major raise, then it fails naming the enum', () => {
    const report = checkCompatibility(released, changed('1.4.1', narrowColour));
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatch(/possible values of `colour` in Request Body/);
    expect(report.failures[0]).toContain(
      'paths./api/v1/orders.post.requestBody.content.application/json.schema.properties.colour.enum',
    );
  });

  it('when a request pattern of one character class is widened, then it passes; narrowed, it fails', () => {
    const withNote = (pattern: string) => (document: Fixture) => {
      document.components.schemas.OrderRequest!.properties.note = { type: 'string', pattern };
    };
    const base = changed('1.4.0', withNote('^[^\\u0000-\\u001F<>]*$'));
    const widened = checkCompatibility(base, changed('1.5.0', withNote('^[^\\u0000-\\u001F]*$')));
    expect(widened.failures).toEqual([]);
    expect(widened.others.join('\n')).toContain('pattern');
    const narrowed = checkCompatibility(
      base,
      changed('1.5.0', withNote('^[^\\u0000-\\u001F<>&]*$')),
    );
    expect(narrowed.failures).toHaveLength(1);
    expect(narrowed.failures[0]).toContain('properties.note.pattern');
  });

  it('when the major version was raised, then the same breaking changes pass and are listed', () => {
    const report = checkCompatibility(
      released,
      changed('2.0.0', (document) => {
        removeRequiredEmail(document);
        narrowColour(document);
      }),
    );
    expect(report.failures).toEqual([]);
    expect(report.breaking.length).toBeGreaterThanOrEqual(2);
  });

  it('when an optional response property or an operation is added, then it passes as non-breaking', () => {
    const report = checkCompatibility(
      released,
      changed('1.5.0', (document) => {
        document.components.schemas.Order!.properties.createdAt = {
          type: 'string',
          format: 'date-time',
        };
        document.paths['/api/v1/orders/{id}'] = {
          get: {
            operationId: 'getOrder',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'The order.' } },
          },
        };
      }),
    );
    expect(report.failures).toEqual([]);
    expect(report.breaking).toEqual([]);
    expect(report.others.join('\n')).toContain('[Added] operation GET /api/v1/orders/{id}');
  });

  it('when the contract changed but info.version did not, then it warns; an unreadable version fails', () => {
    expect(
      checkCompatibility(
        released,
        changed('1.4.0', (document) => (document.paths['/api/v1/orders']!.post!.summary = 'Order')),
      ).warnings,
    ).toHaveLength(1);
    expect(
      checkCompatibility(
        released,
        changed('v2', () => undefined),
      ).failures[0],
    ).toMatch(/'v2' is not a semantic version/);
  });

  it('when run as the make target runs it, then a breaking change exits 1 with the change on stderr, a compatible one exits 0', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-compat-'));
    const write = (name: string, document: Fixture): string => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, JSON.stringify(document));
      return file;
    };
    const releasedFile = write('released.json', released);
    const run = (file: string) =>
      promisify(execFile)(process.execPath, [path.join(here, 'check.ts'), releasedFile, file]);

    const breaking = await run(write('narrowed.json', changed('1.5.0', narrowColour))).then(
      () => undefined,
      (failure: { code: number; stderr: string }) => failure,
    );
    expect(breaking?.code).toBe(1);
    expect(breaking?.stderr).toMatch(
      /contract compatibility: breaking change without a major version raise/,
    );
    expect(breaking?.stderr).toMatch(/possible values of `colour`/);

    const compatible = await run(
      write(
        'same.json',
        changed('1.4.0', () => undefined),
      ),
    );
    expect(compatible.stdout).toMatch(
      /contract 1\.4\.0 against released 1\.4\.0: 0 change\(s\), 0 breaking/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
