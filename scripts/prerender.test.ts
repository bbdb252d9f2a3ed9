import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// The landing pages paint before any JavaScript: the build (the steps of `npm run build`, here into a folder of
// the test's own) writes them as HTML holding what a visitor first sees, and the server answers that HTML.

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const run = (command: string, args: string[]) =>
  promisify(execFile)(command, args, { cwd: root, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });

let buildDir: string;
let webRoot: string;
let t: TestApp;
const built = (file: string) => readFileSync(path.join(webRoot, file), 'utf8');

beforeAll(async () => {
  buildDir = mkdtempSync(path.join(os.tmpdir(), 'dmp-build-'));
  webRoot = path.join(buildDir, 'web');
  await run(bin('vite'), ['build', '--outDir', webRoot, '--emptyOutDir', '--logLevel', 'warn']);
  await run(bin('tsx'), ['scripts/prerender.ts', '--out-dir', webRoot]);
  await run(bin('tsx'), ['scripts/compress.ts', '--out-dir', webRoot]);
  t = await createTestApp({}, { webRoot });
}, 300_000);

afterAll(async () => {
  await t?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

describe('the prerendered landing pages', () => {
  it('/lead holds its heading and the lead form with its labels in the HTML itself', () => {
    const html = built('lead/index.html');
    expect(html).toMatch(/<h1[^>]*>The free way to pay off your credit cards<\/h1>/);
    expect(html).toMatch(/<form[^>]*aria-label="Start your application"/);
    for (const label of ['First name', 'Last name', 'Email address', 'Phone number']) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}</label>`));
    }
    expect(html).toContain('I agree to the');
    expect(html).toMatch(/<button type="submit"[^>]*>Get Started<\/button>/);
    expect(html).toMatch(/<title>Pay off your credit cards \| [^<]+<\/title>/);
    // The page's script is a module (it never holds up the paint) and asks for low priority.
    expect(html).toMatch(/<script type="module" fetchpriority="low" crossorigin src="\/assets\/[^"]+\.js">/);
    expect(html).not.toMatch(/<script(?![^>]*type="module")/);
  });

  it.each([
    ['debt-analysis', 'A free debt analysis, in under 5 minutes', 'Free debt analysis'],
    ['debt-relief', 'Debt relief with a debt management plan', 'Debt relief with a debt management plan'],
  ])('/%s holds its heading and title', (page, heading, title) => {
    const html = built(`${page}/index.html`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(html).toContain(`<title>${title} | `);
  });

  it('GET /lead answers that HTML, whatever the query string, and its Brotli copy to a browser that takes it', async () => {
    const html = built('lead/index.html');
    const plain = await t.app.inject({ url: '/lead?utm_source=google&utm_campaign=spring' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(html);

    const compressed = await t.app.inject({ url: '/lead', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(html);
  });

  it('every other client route still answers the empty index.html, which the browser draws', async () => {
    for (const url of ['/sign-in', '/hardships', '/no-such-page']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(built('index.html'));
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    expect((await t.app.inject({ url: '/api/no-such-route' })).statusCode).toBe(404);
  });
});
