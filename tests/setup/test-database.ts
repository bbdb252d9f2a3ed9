import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, fromPostgres, PGLITE_EXTENSIONS } from '#server/db/client';
import type { Database } from '#server/db/client';
import { databaseUrl } from './global-database';

let dump: Promise<Blob> | undefined;

/**
 * A fresh, migrated database of its own: a clone of the template that global-database.ts prepared.
 * Call close() when done; on PostgreSQL it also drops the clone.
 */
export async function createTestDatabase(): Promise<Database> {
  const client = await createTestPglite();
  if (client) return fromPglite(client);

  const copy = await createPostgresTestDatabase();
  const database = fromPostgres(copy!.url, { max: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await copy!.drop();
    },
  };
}

/**
 * On the embedded database, a fresh clone of the template as its client (for a test that watches what is sent
 * to it); undefined on the PostgreSQL pass.
 */
export async function createTestPglite(): Promise<PGlite | undefined> {
  const source = inject('testDatabase');
  if (source.kind !== 'pglite') return undefined;
  // Read once per worker: a Blob is immutable, so every clone can load from the same one.
  dump ??= readFile(source.dumpPath).then((bytes) => new Blob([new Uint8Array(bytes)]));
  const client = new PGlite({ loadDataDir: await dump, extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return client;
}

/**
 * On the PostgreSQL pass (TEST_DATABASE_URL), a fresh migrated database of its own for a process that opens
 * it by URL (a server started as a child process); undefined on the embedded database.
 */
export async function createPostgresTestDatabase(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
  const source = inject('testDatabase');
  if (source.kind !== 'postgres') return undefined;
  const name = `${source.templateName}_${randomBytes(4).toString('hex')}`;
  await withAdmin(source.adminUrl, (admin) => createFromTemplate(admin, name, source.templateName));
  return {
    url: databaseUrl(source.adminUrl, name),
    drop: () =>
      withAdmin(source.adminUrl, async (admin) => {
        await admin.query(`drop database if exists "${name}" with (force)`);
      }),
  };
}

async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  // Two workers copying the template at the same instant can see each other as users of it (55006): retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${template}"`);
      return;
    } catch (error) {
      const inUse = error instanceof Error && 'code' in error && error.code === '55006';
      if (!inUse || attempt === 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function withAdmin<T>(url: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}
