import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';

type Json = Record<string, unknown>;
type ValidatorOptionsOf = Parameters<typeof OpenApiValidator.middleware>[0];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The bundled contract `make generate` writes (one file, local $refs only). */
export function loadContract(file = path.join(repoRoot, 'generated/openapi.json')): Json {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
}

/** Follows local `$ref`s of the bundled contract to the node they name. */
export function resolve(contract: Json, node: unknown): Json | undefined {
  let current = node as Json | undefined;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 20; depth++) {
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
    current = pointer.reduce<unknown>(
      (at, key) => (at as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      contract,
    ) as Json;
  }
  return current;
}

/** A body schema's properties, with those of the schemas it extends (`allOf`) first. */
function bodyProperties(
  contract: Json,
  schema: Json | undefined,
  depth = 0,
): Array<[string, unknown]> {
  if (!schema || depth > 5) return [];
  const inherited = ((schema.allOf ?? []) as unknown[]).flatMap((member) =>
    bodyProperties(contract, resolve(contract, member), depth + 1),
  );
  return [...inherited, ...Object.entries((schema.properties ?? {}) as Json)];
}

/**
 * The user-facing message of each field, taken from the contract's `x-error-message`, keyed by
 * "METHOD /openapi/path" then by property: the contract owns the shapes and their messages.
 */
export type FieldMessages = Map<string, Map<string, string>>;

export function fieldMessages(contract: Json): FieldMessages {
  const byOperation: FieldMessages = new Map();
  const paths = (contract.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [route, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const messages = new Map<string, string>();
      const content = (resolve(contract, operation.requestBody)?.content ?? {}) as Record<
        string,
        Json
      >;
      for (const media of Object.values(content)) {
        for (const [name, property] of bodyProperties(contract, resolve(contract, media.schema))) {
          // OpenAPI 3.1 allows siblings beside a $ref: the field's own message wins over its type's.
          const message =
            (property as Json)['x-error-message'] ??
            resolve(contract, property)?.['x-error-message'];
          if (typeof message === 'string') messages.set(name, message);
        }
      }
      for (const parameter of (operation.parameters ?? []) as unknown[]) {
        const resolved = resolve(contract, parameter);
        const message =
          resolved?.['x-error-message'] ?? resolve(contract, resolved?.schema)?.['x-error-message'];
        if (typeof resolved?.name === 'string' && typeof message === 'string')
          messages.set(resolved.name, message);
      }
      byOperation.set(`${method.toUpperCase()} ${route}`, messages);
    }
  }
  return byOperation;
}

export interface ValidatorOptions {
  contract: Json;
  validateResponses: boolean;
}

/**
 * Requests under /api are validated against the contract; the validator's own multer is off
 * (it buffers whole files in memory with no limits): upload routes run a streaming multer first.
 */
export function openApiValidator({
  contract,
  validateResponses,
}: ValidatorOptions): RequestHandler[] {
  return OpenApiValidator.middleware({
    // The bundled contract `make generate` checked (Redocly lint): an OpenAPI 3.1 document.
    apiSpec: structuredClone(contract) as ValidatorOptionsOf['apiSpec'],
    validateRequests: { allErrors: true, coerceTypes: false },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateApiSpec: false,
    // Express routes ignore case ('/API/v1/claim' reaches the claim handler): the validator must
    // not, or any case change of the prefix skips it. '/api' itself is validated too (a 404).
    ignorePaths: (requestPath: string) => !/^\/api(\/|$)/i.test(requestPath),
    fileUploader: false,
    validateFormats: true,
    // 'full' checks real calendar dates: 1988-02-31 is refused, not only malformed strings.
    ajvFormats: { mode: 'full' },
  }) as unknown as RequestHandler[];
}
