import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './import-graph';
import { queriesSideBySide, txUses, unguardedLocks } from './transaction-handles';

// A write or a row lock needs a real transaction, and says so by its type (docs/decisions/0182-unit-of-work.md).
// The old `Tx` union (a transaction or the plain database handle) let a function that locks rows be handed the
// plain handle, where each statement commits on its own and the lock ends with it: it is used nowhere now, and
// every `for update` runs on a Transaction (a unit's, one opened by db.transaction, or a parameter typed so).
// A function that only reads takes a Reader, which has no insert, update or delete.

const FOLDERS = ['src', 'tests', 'scripts', 'bench'];

const files = () =>
  sourceFiles(process.cwd(), FOLDERS).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

describe('the Tx union', () => {
  it('is imported, declared and taken by no file', () => {
    const found = files()
      .filter(({ text }) => text.includes('Tx'))
      .flatMap(({ file, text }) => txUses(file, text));
    expect(found).toEqual([]);
  }, 120_000);

  it('is seen wherever it is named', () => {
    const code = `import type { Db, Tx } from '#server/db/client';
export type Handle = Tx;
export async function save(tx: Tx, db: Db) {}
`;
    expect(txUses('a.ts', code)).toEqual(['a.ts:1 imports Tx', 'a.ts:2 takes Tx', 'a.ts:3 takes Tx']);
  });
});

describe('a row lock', () => {
  it('runs on a Transaction in every product file', () => {
    const found = files()
      .filter(
        ({ file, text }) => file.startsWith('src/') && !file.endsWith('.test.ts') && /update/i.test(text),
      )
      .flatMap(({ file, text }) => unguardedLocks(file, text));
    expect(found).toEqual([]);
  }, 120_000);

  const lock = (handle: string) =>
    `${handle}.select().from(application).where(eq(application.id, id)).for('update')`;

  it.each([
    ['a parameter typed Transaction', `export const f = (tx: Transaction, id: string) => ${lock('tx')};`],
    ['a unit', `export async function f(unit: Unit, id: string) { return ${lock('unit.tx')}; }`],
    [
      'a unit taken apart',
      `export async function f(unit: Unit, id: string) { const { tx } = unit; return ${lock('tx')}; }`,
    ],
    ['db.transaction', `export const f = (db: Db, id: string) => db.transaction((tx) => ${lock('tx')});`],
    ['openUnit', `export const f = (id: string) => openUnit(async ({ tx }) => ${lock('tx')});`],
    [
      'a query built on a Transaction',
      `export async function f(tx: Transaction, id: string) { const q = tx.select().from(a); return q.for('update'); }`,
    ],
    [
      'raw SQL on a Transaction',
      'export const f = (tx: Transaction) => tx.execute(sql`select 1 from a for update`);',
    ],
    [
      'raw SQL through transactionSql',
      'export const f = (tx: Transaction) => { const run = transactionSql(tx); return run(`select 1 from a for update skip locked`); };',
    ],
  ])('is allowed on %s', (_name, code) => {
    expect(unguardedLocks('a.ts', code)).toEqual([]);
  });

  it.each([
    ['the old union', `export const f = (tx: Tx, id: string) => ${lock('tx')};`, 'tx: Tx'],
    ['the plain handle', `export const f = (db: Db, id: string) => ${lock('db')};`, 'db: Db'],
    ['a Reader', `export const f = (db: Reader, id: string) => ${lock('db')};`, 'db: Reader'],
    [
      'the database',
      `export const f = (database: Database, id: string) => ${lock('database.db')};`,
      'database',
    ],
    [
      'raw SQL on the plain handle',
      'export const f = (db: Db) => db.execute(sql`select 1 from a for update`);',
      'db: Db',
    ],
    ['an untyped parameter', `export const f = (tx, id: string) => ${lock('tx')};`, 'tx (bound where'],
  ])('is refused on %s', (_name, code, said) => {
    const found = unguardedLocks('a.ts', code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(said);
  });
});

// One transaction is one connection, which runs one query at a time: queries handed to Promise.all on it are
// queued by node-postgres (which warns, and whose next major refuses them). Reads on a unit, a Transaction or a
// Reader (which may be a transaction) go one after another, with inSequence when they read best as a list; only
// the connection pool (Db) runs queries side by side, each on a connection of its own.
describe('queries at once', () => {
  it('are sent on no unit, Transaction or Reader in any product file', () => {
    const found = files()
      .filter(
        ({ file, text }) =>
          file.startsWith('src/') && !file.endsWith('.test.ts') && text.includes('Promise.'),
      )
      .flatMap(({ file, text }) => queriesSideBySide(file, text));
    expect(found).toEqual([]);
  }, 120_000);

  it.each([
    [
      "a unit's transaction taken apart",
      `export async function f(unit: Unit, id: string) {
  const { tx } = unit;
  return Promise.all([planLedgerOf(tx, id), creditorNamesOf(tx, id)]);
}`,
      'tx (a unit',
    ],
    ['a unit handed on', 'export const f = (unit: Unit) => Promise.all([a(unit), b(unit)]);', 'unit: Unit'],
    [
      "a unit's tx",
      'export const f = (unit: Unit) => Promise.all([unit.tx.select().from(a), unit.tx.select().from(b)]);',
      'unit',
    ],
    [
      'a Transaction',
      'export const f = (db: Transaction, ids: string[]) => Promise.all(ids.map((id) => read(db, id)));',
      'db: Transaction',
    ],
    [
      'a Reader',
      'export const f = (db: Reader) => Promise.allSettled([db.select().from(a), db.select().from(b)]);',
      'db: Reader',
    ],
    [
      'a Reader among the options',
      'export async function f(o: { db: Reader; id: string }) { const { db } = o; return Promise.all([a(db), b(db)]); }',
      'db (a Reader)',
    ],
    [
      'a query built on a Transaction',
      'export const f = (tx: Transaction) => { const q = tx.select().from(a); return Promise.all([q, q]); };',
      'q',
    ],
    [
      'the transaction a unit opened',
      'export const f = () => openUnit(async (unit) => Promise.all([a(unit), b(unit)]));',
      'unit (a unit)',
    ],
  ])('is refused on %s', (_name, code, said) => {
    const found = queriesSideBySide('a.ts', code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(said);
  });

  it.each([
    [
      'reads in sequence',
      'export const f = (tx: Transaction, id: string) => inSequence(() => a(tx, id), () => b(tx, id));',
    ],
    [
      'the connection pool',
      'export const f = (db: Db) => Promise.all([db.select().from(a), db.select().from(b)]);',
    ],
    [
      'units of their own',
      'export const f = (ids: string[]) => Promise.all(ids.map((id) => openUnit((unit) => a(unit, id))));',
    ],
    [
      'results already read',
      'export async function f(tx: Transaction) { const rows = await tx.select().from(a); return Promise.all(rows.map(render)); }',
    ],
    [
      'vendor calls outside the unit',
      'export const f = (deps: Deps, ids: string[]) => Promise.all(ids.map((id) => deps.vendor.get(id)));',
    ],
  ])('is allowed on %s', (_name, code) => {
    expect(queriesSideBySide('a.ts', code)).toEqual([]);
  });
});
