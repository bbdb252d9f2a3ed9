import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { newBorrower } from '#tests/support/borrower-flow';

// Who may call the staff actions: staff only; anonymous callers get 401 and borrowers 403, before the body
// is read.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ROUTES = [
  ['POST', '/api/staff/applications/:id/contact-attempts'],
  ['PUT', '/api/staff/contact-attempts/:id/reasons/:key'],
  ['POST', '/api/staff/offers/:id/status'],
  ['POST', '/api/staff/offers/:id/reasons/toggle'],
  ['POST', '/api/staff/applications/:id/quality-control'],
  ['POST', '/api/staff/applications/:id/mark-transferred'],
] as const;

const ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(':id', ID).replace(':key', 'verifyIncome');

describe('staff action routes', () => {
  it('are all declared for staff', () => {
    for (const [method, url] of ROUTES) {
      expect(t.app.routeRoles).toContainEqual({ method, url, role: 'staff' });
    }
  });

  it.each(ROUTES)('%s %s refuses anonymous callers with 401', async (method, url) => {
    const res = await t.client().send(method, concrete(url), {});
    expect(res.statusCode).toBe(401);
  });

  it('refuse a borrower with 403, even on their own application', async () => {
    const b = await newBorrower(t);
    for (const [method, url] of ROUTES) {
      const res = await b.client.send(
        method,
        url.replace(':id', b.applicationId).replace(':key', 'verifyIncome'),
        {
          passed: true,
        },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
