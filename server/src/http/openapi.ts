import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { parse as parseYaml } from 'yaml';

type Json = Record<string, unknown>;
type ValidatorOptionsOf = Parameters<typeof OpenApiValidator.middleware>[0];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The bundled contract `make generate` writes (one file, local $refs only), as it is published. */
export function loadContract(file = path.join(repoRoot, 'generated/openapi.json')): Json {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
}

const dereferenced = new Map<string, Json>();

/**
 * The contract with every `$ref` replaced by its target: Redocly's dereferenced bundle that
 * `make generate` writes (YAML, as the self-referencing ValidationItem has no JSON form: its
 * `children` is the very object again). Read once per process; never modify it.
 */
export function loadDereferencedContract(
  file = path.join(repoRoot, 'generated/openapi.dereferenced.yaml'),
): Json {
  let contract = dereferenced.get(file);
  if (!contract) {
    contract = parseYaml(fs.readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as Json;
    dereferenced.set(file, contract);
  }
  return contract;
}

/** A body schema's properties, with those of the schemas it extends (`allOf`) first. */
function bodyProperties(schema: Json | undefined, depth = 0): Array<[string, unknown]> {
  if (!schema || depth > 5) return [];
  const inherited = ((schema.allOf ?? []) as Json[]).flatMap((member) =>
    bodyProperties(member, depth + 1),
  );
  return [...inherited, ...Object.entries((schema.properties ?? {}) as Json)];
}

/**
 * The user-facing message of each field, taken from the contract's `x-error-message`, keyed by
 * "METHOD /openapi/path" then by property: the contract owns the shapes and their messages.
 */
export type FieldMessages = Map<string, Map<string, string>>;

/** `contract`: the dereferenced contract (loadDereferencedContract). */
export function fieldMessages(contract: Json): FieldMessages {
  const byOperation: FieldMessages = new Map();
  const paths = (contract.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [route, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const messages = new Map<string, string>();
      const requestBody = operation.requestBody as Json | undefined;
      const content = (requestBody?.content ?? {}) as Record<string, Json>;
      for (const media of Object.values(content)) {
        // Redocly keeps a field's own `x-error-message` beside a `$ref` over its type's.
        for (const [name, property] of bodyProperties(media.schema as Json | undefined)) {
          const message = (property as Json)['x-error-message'];
          if (typeof message === 'string') messages.set(name, message);
        }
      }
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        const message =
          parameter['x-error-message'] ??
          (parameter.schema as Json | undefined)?.['x-error-message'];
        if (typeof parameter.name === 'string' && typeof message === 'string')
          messages.set(parameter.name, message);
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
