import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOBS } from './definitions';

// The job queue's shape, so that an upgrade of pg-boss touches the queue's code only: every job is one file
// under definitions/ with a payload schema and a handler, all listed once; and no product code reads or
// writes pg-boss's own tables (their layout is pg-boss's, and changes between its major versions).

const ROOT = join(import.meta.dirname, '..', '..', '..');
const DEFINITIONS = join(import.meta.dirname, 'definitions');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * SQL that names pg-boss's schema: `pgboss.job`, the schema's constant spliced into a statement, or a schema
 * variable spliced before one of pg-boss's tables.
 */
const PGBOSS_SQL = [
  /\bpgboss\s*\.\s*[a-z_]/,
  /\$\{\s*PGBOSS_SCHEMA\s*\}\s*\./,
  /\$\{[^}]*schema\s*\}\s*\.\s*(job|archive|queue|schedule|subscription|version)\b/i,
];

describe('the job queue', () => {
  it('no product code names a pg-boss table: only pg-boss reads and writes them', () => {
    // Tests are left out: a few look at what pg-boss stored (that a job's data holds no personal data).
    const files = ['src', 'scripts', 'bench']
      .flatMap((dir) => filesUnder(join(ROOT, dir)))
      .filter((path) => /\.(ts|tsx|js|mjs|sql)$/.test(path) && !/\.test\.tsx?$/.test(path));
    expect(files.length).toBeGreaterThan(100);
    const offending = files
      .filter((path) => PGBOSS_SQL.some((pattern) => pattern.test(readFileSync(path, 'utf8'))))
      .map((path) => relative(ROOT, path));
    expect(offending).toEqual([]);
  });

  it('the check finds the old shape: a sweep that read pg-boss’s job table', () => {
    const old = "select 1 from ${PGBOSS_SCHEMA}.job j where j.name = $1 and j.state < 'completed'";
    const plain = 'select state from pgboss.job where name = $1';
    const spliced = "select j.name, j.id from ${o.schema}.job j where j.state = 'active'";
    expect(PGBOSS_SQL.some((pattern) => pattern.test(old))).toBe(true);
    expect(PGBOSS_SQL.some((pattern) => pattern.test(plain))).toBe(true);
    expect(PGBOSS_SQL.some((pattern) => pattern.test(spliced))).toBe(true);
    expect(PGBOSS_SQL.some((pattern) => pattern.test("schema: 'pgboss'"))).toBe(false);
  });

  it('every job is a file of its own under definitions/, exporting one definition, and all are listed', async () => {
    const files = readdirSync(DEFINITIONS).filter((name) => name.endsWith('.ts') && name !== 'index.ts');
    const listed = new Set<unknown>(JOBS);
    const found: string[] = [];
    for (const file of files) {
      const exported = Object.values(await import(join(DEFINITIONS, file))).filter(
        (value) => typeof value === 'object' && value !== null && 'handler' in value && 'payload' in value,
      );
      expect(exported, `${file} exports one job definition`).toHaveLength(1);
      const [definition] = exported as (typeof JOBS)[number][];
      expect(listed.has(definition), `${file}'s job is in definitions/index.ts`).toBe(true);
      found.push(definition!.name);
    }
    expect(found.sort()).toEqual(JOBS.map((job) => job.name).sort());
    expect(new Set(found).size).toBe(found.length);
  });

  it('each job has a payload schema that refuses what is not its payload, and a handler', () => {
    for (const job of JOBS) {
      expect(typeof job.handler, job.name).toBe('function');
      expect(typeof job.payload.safeParse, job.name).toBe('function');
      expect(job.payload.safeParse('not an object').success, job.name).toBe(false);
      expect(job.payload.safeParse(null).success, job.name).toBe(false);
      // A job with a singleton key or a handover needs a key in its payload.
      if (job.handover) expect(job.singletonKey, job.name).toBeTypeOf('function');
      if (job.singletonKey) expect(job.payload.safeParse({}).success, job.name).toBe(false);
    }
  });
});
