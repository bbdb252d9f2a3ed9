import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';

// The API's map (Swagger UI and the OpenAPI document) is served in production only when API_DOCS=true.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://dmp.example',
  ALLOW_SANDBOX_PROVIDERS: 'true',
};

describe('/api/docs', () => {
  it('is off in production by default: both the UI and the JSON answer 404', async () => {
    t = await createTestApp(production);
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('openapi');
    }
  });

  it('is on in production with API_DOCS=true', async () => {
    t = await createTestApp({ ...production, API_DOCS: 'true' });
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toContain('/api/lead');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('is on outside production unless API_DOCS=false', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    await t.close();
    t = await createTestApp({ API_DOCS: 'false' });
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
