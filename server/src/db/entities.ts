/** Every MikroORM entity of the server; modules add theirs here. */
export const entities = [];
