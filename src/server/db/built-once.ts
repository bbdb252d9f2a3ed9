import type { Reader, Transaction } from './client';

/** A handle a statement can run on: a unit's transaction, or the database (or a reader of it) itself. */
export type Handle = Transaction | Reader;

/** What drizzle's `.prepare(name)` answers, as far as this module needs it. */
type Prepared = { execute: (values?: Record<string, unknown>) => Promise<unknown> };

/**
 * A statement drizzle builds once per process, then runs on whichever handle it is handed: a unit's
 * transaction (where a row lock must be taken) or the database.
 *
 * Why: building a statement (its SQL text, where its values go, how its rows map back) costs drizzle
 * 70–350 µs of CPU, about as much as sending it and reading the answer, and a save sends the same few
 * statements for every applicant. Drizzle's own `.prepare(name)` builds once, but what it answers keeps the
 * connection of the handle it was built on: one built on the database would run outside the unit's
 * transaction, and its lock would end at once. So the statement is built on the first handle that asks (its
 * values as `sql.placeholder`s), and each run uses a copy that sends on the asking handle's connection: one
 * small object, no building.
 *
 * This reads drizzle's `session.client` (a handle's connection) and `session.logger`, and sets the prepared
 * query's `client` and `logger`, which drizzle keeps but does not document; built-once.test.ts takes a lock and
 * rolls a write back through a statement built here, and fails if either stops working. The logger follows the
 * asking handle too, so a handle that logs its statements (a test counting them) sees these ones.
 *
 * `build` must not depend on anything but the handle: the same statement serves every call. A statement that
 * locks rows or writes takes a Transaction (`builtOnce((tx: Transaction) => …)`), so it cannot be run on the
 * plain database handle.
 */
export function builtOnce<H extends Handle, P extends Prepared>(build: (handle: H) => P): (handle: H) => P {
  // One build per driver: node-postgres and the embedded database answer different prepared-query classes.
  const byDriver = new Map<unknown, P>();
  return (handle) => {
    const session = sessionOf(handle);
    const driver = session.constructor;
    let built = byDriver.get(driver);
    if (!built) byDriver.set(driver, (built = build(handle)));
    return onHandle(built, session);
  };
}

type Session = { client: unknown; logger: unknown };
const sessionOf = (handle: Handle) => (handle as unknown as { session: Session }).session;

/** `built`, sending on the session's connection and logging to its logger: one small object, no building. */
function onHandle<P extends Prepared>(built: P, session: Session): P {
  const copy = Object.create(built) as P & Session;
  copy.client = session.client;
  copy.logger = session.logger;
  return copy;
}

/**
 * Like builtOnce, for a statement whose shape is one of a few fixed ones (the columns a save writes, which
 * differ by page): each shape, named by `key`, is built once per driver, by `build(handle, shape)` with its
 * values as placeholders. `name` is the shape's statement name (PostgreSQL keeps one per connection under it).
 * After `max` shapes, a new shape is built at each call instead (`fallback`), so a caller with unforeseen shapes
 * cannot fill the memory, or each connection with named statements.
 */
export function builtOncePerShape<H extends Handle, S, P extends Prepared>(o: {
  build: (handle: H, shape: S, name: string) => P;
  /** The statement's name prefix: each shape's is `${prefix}_${n}`. */
  prefix: string;
  max: number;
}): (handle: H, key: string, shape: S) => P {
  const byDriver = new Map<unknown, Map<string, P>>();
  return (handle, key, shape) => {
    const session = sessionOf(handle);
    let shapes = byDriver.get(session.constructor);
    if (!shapes) byDriver.set(session.constructor, (shapes = new Map()));
    let built = shapes.get(key);
    if (!built) {
      // Unnamed past the cap: PostgreSQL parses it at each call, as any statement not built once.
      if (shapes.size >= o.max) return o.build(handle, shape, '');
      shapes.set(key, (built = o.build(handle, shape, `${o.prefix}_${shapes.size + 1}`)));
    }
    return onHandle(built, session);
  };
}
