import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router, type RequestHandler } from 'express';

const generatedDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../generated',
);

/** The bundled contract `make generate` writes, in both forms the service publishes. */
export interface ContractDocuments {
  json: Buffer;
  yaml: Buffer;
}

export function readContractDocuments(dir = generatedDir): ContractDocuments {
  return {
    json: fs.readFileSync(path.join(dir, 'openapi.json')),
    yaml: fs.readFileSync(path.join(dir, 'openapi.yaml')),
  };
}

// A strong validator: the tag changes exactly when a byte of the document does.
function strongEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

/**
 * RFC 9110 13.1.2: If-None-Match lists entity tags (or `*`), compared weakly. Not express's
 * req.fresh: it ignores the condition whenever the request says `Cache-Control: no-cache`, and
 * fetch() adds exactly that to any request carrying If-None-Match, so no fetch client (the SDK
 * included) could ever get its 304.
 */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === etag);
}

function serve(bytes: Buffer, type: string): RequestHandler {
  const etag = strongEtag(bytes);
  return (req, res) => {
    // Public and the same for everyone, unlike every other answer (no-store): caches keep it and
    // ask again with If-None-Match.
    res.setHeader('Cache-Control', 'public, no-cache');
    res.setHeader('ETag', etag);
    if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.type(type).send(bytes);
  };
}

/** GET /api/v1/openapi.json and .yaml: the contract third parties generate clients from. */
export function publishedContractRoutes(documents: ContractDocuments): Router {
  const router = Router();
  router.get('/api/v1/openapi.json', serve(documents.json, 'application/json; charset=utf-8'));
  router.get('/api/v1/openapi.yaml', serve(documents.yaml, 'application/yaml; charset=utf-8'));
  return router;
}
