import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginBuild, buildInputs, buildIsCurrent, finishBuild, inputsHash } from './build-stamp';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const hash = (env: NodeJS.ProcessEnv = {}, node = '24.21.0') => inputsHash(root, env, node);

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  write('package.json', '{"name":"x"}');
  write('package-lock.json', '{}');
  write('src/server/main.ts', 'export {};');
  write('src/server/main.test.ts', 'test');
  write('src/web/index.html', '<html></html>');
  write('src/data/plan-fees.json', '{}');
  write('data/pglite/base/1', 'rows');
  write('data/dev-keys/auth-secret', 'secret');
  write('src/data/plan-fees.local.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build inputs', () => {
  it('are the sources, the shipped tables and the lock file; not tests, the database or local files', () => {
    expect(buildInputs(root)).toEqual([
      'package-lock.json',
      'package.json',
      'src/data/plan-fees.json',
      'src/server/main.ts',
      'src/web/index.html',
    ]);
  });

  it('keep their hash when the data folder is removed to start afresh', () => {
    const before = hash();
    rmSync(path.join(root, 'data'), { recursive: true, force: true });
    expect(hash()).toBe(before);
  });

  it('hash to a new value when a source, a table, the lock file, a VITE_ variable or Node’s major changes', () => {
    const before = hash();
    expect(hash()).toBe(before);
    for (const [file, text] of [
      ['src/server/main.ts', 'export const x = 1;'],
      ['src/data/plan-fees.json', '{"a":1}'],
      ['package-lock.json', '{"v":2}'],
    ] as const) {
      const original = hash();
      write(file, text);
      expect(hash(), file).not.toBe(original);
    }
    const now = hash();
    expect(hash({ VITE_PROMO_VIDEO_URL: 'https://video.example' })).not.toBe(now);
    expect(hash({ OTHER: 'x' })).toBe(now);
    expect(hash({}, '26.1.0')).not.toBe(now);
    expect(hash({}, '24.22.1')).toBe(now);
  });

  it('keep their hash from one year to the next: the first start in January builds nothing', () => {
    const stamped = new Date('2026-12-31T23:59:00Z');
    const january = new Date('2027-01-01T00:01:00Z');
    vi.useFakeTimers({ now: stamped, toFake: ['Date'] });
    try {
      const before = inputsHash(root);
      vi.setSystemTime(january);
      expect(inputsHash(root)).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keep their hash when only a test, the database or a local file changes', () => {
    const before = hash();
    write('src/server/main.test.ts', 'another test');
    write('data/pglite/base/2', 'more rows');
    write('src/data/plan-fees.local.json', '{"mine":1}');
    expect(hash()).toBe(before);
  });
});

describe('the stamp', () => {
  it('is current only after a build that began and finished with the sources as they are', () => {
    expect(buildIsCurrent(root)).toBe(false);
    beginBuild(root);
    expect(buildIsCurrent(root)).toBe(false);
    finishBuild(root);
    expect(buildIsCurrent(root)).toBe(true);
    write('src/server/main.ts', 'export const changed = true;');
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('is gone while a build runs, and stale when a source changed during it', () => {
    beginBuild(root);
    finishBuild(root);
    beginBuild(root);
    expect(buildIsCurrent(root)).toBe(false);
    write('src/web/index.html', '<html>edited while building</html>');
    finishBuild(root);
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('is not written by a finish without a begin', () => {
    expect(() => finishBuild(root)).toThrow(/begin/);
    expect(buildIsCurrent(root)).toBe(false);
  });
});
