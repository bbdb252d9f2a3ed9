import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { catalogPartOf } from '#domain/i18n/catalog-parts';

// A landing page is taken over with the landing pages' part of the messages only (landing-app.tsx): a message
// of another part that it draws would show in English, or as its id, until the rest arrives. Every message
// declared by a module the landing pages load (everything src/web/landing-app.tsx imports, the lead form's code
// fetched at first use included, the whole app's start excluded) must be in the landing part.

const root = path.resolve(import.meta.dirname, '..');

/** The project's source files a landing page's visitor downloads before the whole app starts. */
async function landingModules(): Promise<string[]> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/web/landing-app.tsx'],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    outdir: 'unused',
    logLevel: 'silent',
    loader: { '.css': 'empty', '.svg': 'file', '.png': 'file', '.webp': 'file', '.woff2': 'file' },
    plugins: [
      {
        // The whole app, which a visitor leaving the landing pages starts (with all the messages).
        name: 'without-the-whole-app',
        setup: (b) => b.onResolve({ filter: /^\.\/boot$/ }, () => ({ path: 'boot', external: true })),
      },
    ],
  });
  return Object.keys(result.metafile.inputs).filter((file) => /^src\/.*\.tsx?$/.test(file));
}

/** The message ids declared in `files`, read by the same extractor the catalogs are built with. */
function declaredIn(files: string[]): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landing-messages-'));
  try {
    const out = path.join(dir, 'messages.json');
    execFileSync(path.join(root, 'node_modules/.bin/formatjs'), ['extract', ...files, '--out-file', out], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return Object.keys(JSON.parse(readFileSync(out, 'utf8')) as object);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the landing pages’ messages', () => {
  it('are all in the part a landing page is taken over with', async () => {
    const modules = await landingModules();
    // The lead form's code and the site's frame are among them (the check reads what it should).
    expect(modules).toEqual(
      expect.arrayContaining([
        'src/web/features/landing/lead-form.tsx',
        'src/web/components/layout/header.tsx',
      ]),
    );
    expect(modules).not.toContain('src/web/boot.tsx');
    const ids = declaredIn(modules);
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => catalogPartOf(id) !== 'landing')).toEqual([]);
  }, 60_000);
});
