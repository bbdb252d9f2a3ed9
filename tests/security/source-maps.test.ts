import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';

// The build writes a source map beside each script. Production never serves them (they hand out the product's
// source, comments included); development does, for the browser's debugger.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function builtApp(): string {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'dmp-web-maps-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(
    path.join(webRoot, 'assets/app-1a2b3c.js'),
    'console.log(1);\n//# sourceMappingURL=app-1a2b3c.js.map',
  );
  writeFileSync(path.join(webRoot, 'assets/app-1a2b3c.js.map'), '{"version":3,"sources":["app.tsx"]}');
  return webRoot;
}

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://dmp.example',
  ALLOW_SANDBOX_PROVIDERS: 'true',
};

describe('source maps', () => {
  it('are not served in production: the script is, its map answers 404 (never index.html)', async () => {
    t = await createTestApp(production, { webRoot: builtApp() });
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' })).statusCode).toBe(200);
    for (const url of [
      '/assets/app-1a2b3c.js.map',
      '/assets/app-1a2b3c.js.map?v=1',
      '/assets/missing.js.map',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('"sources"');
      expect(res.body, url).not.toContain('<!doctype html>');
    }
  });

  it('are served outside production', async () => {
    t = await createTestApp({}, { webRoot: builtApp() });
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js.map' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"sources"');
  });
});
