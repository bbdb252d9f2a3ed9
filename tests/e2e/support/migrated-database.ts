import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '#server/db/client';

/*
 * Every journey starts its server on a fresh embedded database. Migrating one from nothing took most of a
 * server's start (about 7 of 9.5 s on a quiet 2-core machine, and minutes on a busy one), once per journey
 * file. So the journeys' global setup migrates one database, and each journey's data directory starts as a
 * copy of it: the server then finds every migration applied, as a server restarted on its own data does.
 * A fresh database from nothing is still what the API tests' template and `npm start` on a new machine go
 * through.
 */

/** Where the migrated embedded database lies, for the journeys' workers (set by the global setup). */
export const MIGRATED_DATABASE_ENV = 'JOURNEY_MIGRATED_DATABASE';

/** Migrates one embedded database and says where; the returned function removes it after the run. */
export async function prepareMigratedDatabase(): Promise<() => void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dmp-e2e-migrated-'));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // Playwright's workers inherit the environment its global setup leaves.
  process.env[MIGRATED_DATABASE_ENV] = path.join(dataDir, 'pglite');
  return () => rmSync(dataDir, { recursive: true, force: true });
}

/** Puts a copy of the migrated database in a journey's data directory, when the global setup made one. */
export function copyMigratedDatabase(dataDir: string): void {
  const migrated = process.env[MIGRATED_DATABASE_ENV];
  if (migrated) cpSync(migrated, path.join(dataDir, 'pglite'), { recursive: true });
}
