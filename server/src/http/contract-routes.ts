import type { Router, RequestHandler } from 'express';
import type { paths } from '@prize/generated/server';

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type Path = keyof paths;
type MethodOf<P extends Path> = {
  [M in Method]: paths[P][M] extends { responses: unknown } ? M : never;
}[Method];
type Operation<P extends Path, M extends MethodOf<P>> = NonNullable<paths[P][M]>;

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type ParametersOf<O, In extends 'path' | 'query'> = O extends {
  parameters: { [K in In]?: infer Value };
}
  ? [Value] extends [never]
    ? Record<string, never>
    : NonNullable<Value>
  : Record<string, never>;
type BodyOf<O> = O extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;
type SuccessOf<O> = O extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends 200 | 201 ? JsonOf<Responses[Status]> : never;
    }[keyof Responses]
  : never;

/**
 * An Express handler typed from the generated contract (`paths` of generated/server/api.d.ts):
 * its path parameters, query, JSON body and success answer. The request validator has checked
 * the request against the same contract before the handler runs (app.ts), so these types hold.
 */
export type ContractHandler<P extends Path, M extends MethodOf<P>> = RequestHandler<
  ParametersOf<Operation<P, M>, 'path'>,
  SuccessOf<Operation<P, M>>,
  BodyOf<Operation<P, M>>,
  ParametersOf<Operation<P, M>, 'query'>
>;

/** Mounts a handler at the contract's path (`{id}` becomes Express's `:id`), typed from it. */
export function contractRoute<P extends Path, M extends MethodOf<P>>(
  router: Router,
  method: M,
  path: P,
  handler: ContractHandler<P, M>,
): void {
  const route = router.route(path.replace(/\{(\w+)\}/g, ':$1'));
  (route[method] as (handler: ContractHandler<P, M>) => unknown).call(route, handler);
}
