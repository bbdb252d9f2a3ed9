import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres, PGLITE_EXTENSIONS } from '#server/db/client';

/** How tests reach the migrated template: a PostgreSQL template database, or a dumped PGlite data dir. */
export type TestDatabaseSource =
  { kind: 'postgres'; adminUrl: string; templateName: string } | { kind: 'pglite'; dumpPath: string };

declare module 'vitest' {
  // Module augmentation needs an interface.
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

let cleanup: (() => Promise<void>) | undefined;

/** Migrates once per run; every test database is a copy of the result. */
export async function setup(project: TestProject): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide('testDatabase', adminUrl ? await preparePostgres(adminUrl) : await preparePglite());
}

export async function teardown(): Promise<void> {
  await cleanup?.();
}

async function preparePglite(): Promise<TestDatabaseSource> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = fromPglite(client);
  try {
    await database.migrate();
    // Uncompressed: loading skips the gunzip, and the file lives only for this run.
    const dump = await client.dumpDataDir('none');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dmp-test-db-'));
    const dumpPath = path.join(dir, 'migrated.tar');
    writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    return { kind: 'pglite', dumpPath };
  } finally {
    await database.close();
  }
}

async function preparePostgres(adminUrl: string): Promise<TestDatabaseSource> {
  // Unique per run, so concurrent runs against one server never collide; test databases share the prefix.
  const templateName = `dmp_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${templateName}"`);
  } finally {
    await admin.end();
  }
  const template = fromPostgres(databaseUrl(adminUrl, templateName), { max: 1 });
  try {
    await template.migrate();
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
    await template.close();
  }
  cleanup = () => dropRunDatabases(adminUrl, templateName);
  return { kind: 'postgres', adminUrl, templateName };
}

/** Drops the template and any test database a test forgot to close. */
async function dropRunDatabases(adminUrl: string, templateName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [templateName, `${templateName}\\_%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(baseUrl: string, databaseName: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}
