import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's client with the statements sent through it counted: each query and script, and
 * BEGIN and COMMIT (or ROLLBACK) for each transaction, as PostgreSQL would receive them. For tests that keep a
 * route's statement count from growing back: on the server, each statement costs CPU to build, send and parse.
 */
export function countingStatements(client: PGlite): {
  client: PGlite;
  count: () => number;
  reset: () => void;
} {
  let sent = 0;
  const counted = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, key) {
        const value: unknown = Reflect.get(obj, key, obj);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (key === 'query' || key === 'exec') {
          return (...args: unknown[]) => {
            sent += 1;
            return method.apply(obj, args);
          };
        }
        if (key === 'transaction') {
          return (fn: (tx: object) => unknown) => {
            sent += 2;
            return method.call(obj, (tx: object) => fn(counted(tx)));
          };
        }
        return method.bind(obj);
      },
    });
  return {
    client: counted(client),
    count: () => sent,
    reset: () => {
      sent = 0;
    },
  };
}
