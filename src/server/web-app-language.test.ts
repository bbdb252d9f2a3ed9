import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// Which language a page arrives in: a landing page is prerendered in each language (/lead, /es/lead); the
// Spanish address is always Spanish, the English one sends a visitor who chose Spanish (or whose browser asks
// for it, on a first visit) to the Spanish page. Every other page follows the visitor's choice (the language
// switch's cookie), else their browser's Accept-Language, written into <html lang> for the app to draw in.

let t: TestApp;

function builtApp(): string {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'dmp-web-lang-'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><div id="root"></div></html>',
  );
  for (const [folder, lang] of [
    ['lead', 'en'],
    ['es/lead', 'es'],
  ] as const) {
    mkdirSync(path.join(webRoot, folder), { recursive: true });
    writeFileSync(
      path.join(webRoot, folder, 'index.html'),
      `<!doctype html><html lang="${lang}">${folder}</html>`,
    );
  }
  return webRoot;
}

beforeAll(async () => {
  t = await createTestApp({}, { webRoot: builtApp() });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the language a page is served in', () => {
  it('serves the Spanish landing page at its address, whatever the browser or the cookie asks', async () => {
    const spanish = await get('/es/lead?utm_source=radio', {
      'accept-language': 'en-US',
      cookie: 'lang=en',
    });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('<html lang="es">es/lead');
    expect(spanish.headers.vary).toContain('Accept-Language');
  });

  it.each([
    [{}, 'en'],
    [{ 'accept-language': 'en-US,en;q=0.9,es;q=0.8' }, 'en'],
    [{ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }, 'es'],
    [{ cookie: 'lang=es' }, 'es'],
    [{ cookie: 'lang=en', 'accept-language': 'es' }, 'en'],
    [{ cookie: 'lang=<script>', 'accept-language': 'x'.repeat(5000) }, 'en'],
  ])('the English landing page with %j is the page in %s', async (headers, language) => {
    const res = await get('/lead?utm_source=radio&utm_campaign=fall', headers);
    expect(res.headers.vary).toContain('Cookie');
    if (language === 'en') {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="en">lead');
    } else {
      // The same page in Spanish, the campaign's parameters kept.
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/es/lead?utm_source=radio&utm_campaign=fall');
    }
  });

  it('a link that asks for a language (?lang=) is followed and remembered, over the browser', async () => {
    // The switch's English link on the Spanish page, without the page's script: the browser asks for Spanish.
    const english = await get('/lead?lang=en', { 'accept-language': 'es' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en">lead');
    expect(english.headers['set-cookie']).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    // A campaign's link to the English address asking for Spanish.
    const spanish = await get('/lead?utm_source=radio&lang=es');
    expect(spanish.statusCode).toBe(302);
    expect(spanish.headers.location).toBe('/es/lead?utm_source=radio');
    expect(spanish.headers['set-cookie']).toContain('lang=es;');
    // Anything else in the parameter is no language: ignored, nothing remembered.
    const unknown = await get('/lead?lang=fr%0d%0aSet-Cookie:x=1');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it("draws an app page in the language its link asks for (an email's ?lang=es), and keeps the choice", async () => {
    const res = await get('/reset-password?email=a%40example.org&code=1&lang=es', {
      'accept-language': 'en-US',
      cookie: 'lang=en',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<!doctype html><html lang="es"><div id="root"></div></html>');
    expect(res.headers['set-cookie']).toBe('lang=es; Path=/; Max-Age=31536000; SameSite=Lax');
    const other = await get('/sign-in?lang=xx', { 'accept-language': 'es' });
    expect(other.body).toContain('<html lang="es">');
    expect(other.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    [{}, 'en'],
    [{ 'accept-language': 'es-US,es;q=0.9,en;q=0.8' }, 'es'],
    [{ 'accept-language': 'en-US,en;q=0.9,es;q=0.8' }, 'en'],
    [{ cookie: 'lang=es' }, 'es'],
    [{ cookie: 'other=1; lang=en', 'accept-language': 'es' }, 'en'],
    [{ cookie: 'lang=fr', 'accept-language': 'es' }, 'es'],
    [{ cookie: 'lang=<script>' }, 'en'],
    [{ 'accept-language': 'x'.repeat(5000) }, 'en'],
  ])('the app’s page with %j is drawn in %s', async (headers, lang) => {
    const res = await get('/sign-in', headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.body).toBe(`<!doctype html><html lang="${lang}"><div id="root"></div></html>`);
  });
});
