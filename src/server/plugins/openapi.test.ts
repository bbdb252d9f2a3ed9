import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { errorAnswersFor, sessionCookieName } from './openapi';

/*
 * The OpenAPI document must be usable by a generated client: each operation lists the error answers it can
 * give with their body, and a signed-in operation names the session scheme.
 */

type Operation = { responses: Record<string, { content?: unknown }>; security?: unknown[] };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { name: string; in: string }> };
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.client().get('/api/docs/json')).json();
});
afterAll(async () => {
  await t.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

describe('the OpenAPI document', () => {
  it('documents an error answer for every operation, with the error body', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    const withoutError = ops.filter(({ op }) => !Object.keys(op.responses).some((s) => /^[45]/.test(s)));
    expect(withoutError.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const notFound = doc.paths['/api/bank-link/items/{id}/link-token']!['post']!.responses['404'];
    expect(JSON.stringify(notFound)).toContain('fieldErrors');
  });

  it('names the session scheme on every operation that needs a signed-in person, and the 401 they answer', async () => {
    const roles = t.app.routeRoles;
    const signedIn = roles.filter((r) => r.role !== 'public');
    expect(signedIn.length).toBeGreaterThan(50);
    for (const r of signedIn) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${path}`).toBeDefined();
      expect(op!.security, `${r.method} ${path}`).toEqual([{ session: [] }]);
      expect(op!.responses['401'], `${r.method} ${path}`).toBeDefined();
    }
    const lead = doc.paths['/api/lead']!['post']!;
    expect(lead.security).toBeUndefined();
    expect(Object.keys(lead.responses)).toEqual(expect.arrayContaining(['400', '403', '413', '500']));
  });

  it("keeps a route's own answer for a status it declares", () => {
    const answers = {
      ...errorAnswersFor(
        { body: {} },
        { role: 'borrower', methods: ['POST'], hasRateLimit: true, url: '/api/x' },
      ),
    };
    expect(Object.keys(answers).sort()).toEqual(['400', '401', '403', '409', '413', '429', '500']);
    const read = errorAnswersFor(
      {},
      { role: 'borrower', methods: ['GET'], hasRateLimit: false, url: '/api/x/:id' },
    );
    expect(Object.keys(read).sort()).toEqual(['400', '401', '403', '404', '500']);
  });

  it('names the session cookie the server really sets, in production and elsewhere', async () => {
    expect(doc.components.securitySchemes['session']).toMatchObject({
      in: 'cookie',
      name: 'dmp.session_token',
    });
    expect(sessionCookieName('production')).toBe('__Secure-dmp.session_token');
    const production = await createTestApp({
      NODE_ENV: 'production',
      API_DOCS: 'true',
      ALLOW_SANDBOX_PROVIDERS: 'true',
    });
    try {
      const prodDoc: Document = (await production.client().get('/api/docs/json')).json();
      expect(prodDoc.components.securitySchemes['session']!.name).toBe('__Secure-dmp.session_token');
    } finally {
      await production.close();
    }
  });
});
