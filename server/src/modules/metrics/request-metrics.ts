import type { RequestHandler } from 'express';
import { observeRequest } from './metrics.ts';

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'] as const;

interface Route {
  method: string;
  pattern: RegExp;
  operationId: string;
}

/**
 * Each of the contract's operations as a method and a path pattern, the literal paths first so
 * `/claim/check/dbg-ticket-number` is not taken for `/claim/{id}/...`. Path parameters carry
 * claim and info-request tokens: a label is always the operationId, never the path.
 */
export function contractOperations(contract: Record<string, unknown>): Route[] {
  const paths = (contract.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>;
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(paths))
    for (const method of METHODS) {
      const operationId = item[method]?.operationId;
      if (!operationId) continue;
      const source = template
        .split('/')
        .map((part) =>
          /^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/');
      routes.push({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${source}/?$`),
        operationId,
      });
    }
  const parameters = (route: Route) => (route.pattern.source.match(/\[\^\/\]\+/g) ?? []).length;
  return routes.sort((a, b) => parameters(a) - parameters(b));
}

/** The operationId a request's method and path name, `other_api` or `client_app` when none. */
export function operationOf(routes: Route[], method: string, path: string): string {
  const verb = method === 'HEAD' ? 'GET' : method;
  for (const route of routes)
    if (route.method === verb && route.pattern.test(path)) return route.operationId;
  return path.startsWith('/api/') ? 'other_api' : 'client_app';
}

/**
 * Times every request to its answer's end and records it by operation: the validator's own
 * match when it ran, the contract's path patterns otherwise (uploads are received before it).
 */
export function requestMetrics(contract: Record<string, unknown>): RequestHandler {
  const routes = contractOperations(contract);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const matched = (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema
        ?.operationId;
      const operation = matched ?? operationOf(routes, req.method, req.path);
      observeRequest(
        operation,
        req.method,
        res.statusCode,
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}
