import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { EmbeddedDatabaseInUse, lockEmbeddedDatabase } from './embedded-lock';

const root = mkdtempSync(path.join(tmpdir(), 'embedded-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => path.join(root, `db-${n++}`);

/** A process id that no process has: one that ran and exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('lockEmbeddedDatabase', () => {
  it('writes this process’s id beside the directory and removes it when given back (twice is harmless)', () => {
    const dir = freshDir();
    const unlock = lockEmbeddedDatabase(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    unlock();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    unlock();
  });

  it('refuses while a running process holds it, naming the process and the way out', async () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      writeFileSync(`${dir}.lock`, `${other.pid}\n`);
      let refusal: unknown;
      try {
        lockEmbeddedDatabase(dir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(EmbeddedDatabaseInUse);
      expect((refusal as Error).message).toContain(`open in process ${other.pid}`);
      expect((refusal as Error).message).toContain('DATABASE_URL');
      // The holder's lock is left as it was.
      expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(`${other.pid}\n`);
    } finally {
      other.kill();
    }
  });

  it.each([
    ['a process that died (kill -9)', () => `${deadPid()}\n`],
    ['an empty file (a writer cut off)', () => ''],
    ['something that is no process id', () => 'not a pid'],
  ])('takes over a lock left by %s', (_, content) => {
    const dir = freshDir();
    writeFileSync(`${dir}.lock`, content());
    const unlock = lockEmbeddedDatabase(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    unlock();
  });

  it('does not remove a lock that another process took over after ours', () => {
    const dir = freshDir();
    const unlock = lockEmbeddedDatabase(dir);
    writeFileSync(`${dir}.lock`, '4194304\n');
    unlock();
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe('4194304\n');
  });
});

describe('openDatabase on the embedded database', () => {
  // Creating an embedded database's files takes seconds, more on a busy machine.
  it(
    'refuses a second opener of the same directory until the first closes',
    { timeout: 120_000 },
    async () => {
      const dataDir = freshDir();
      const first = await openDatabase({ dataDir });
      try {
        await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(EmbeddedDatabaseInUse);
        // The first one still works.
        await first.ping();
      } finally {
        await first.close();
      }
      const again = await openDatabase({ dataDir });
      await again.ping();
      await again.close();
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    },
  );
});
