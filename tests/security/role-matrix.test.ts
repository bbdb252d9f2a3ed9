import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBorrower, type Client } from '#tests/support/borrower-flow';
import { signedInStaff } from '#tests/support/staff-actions';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// Who may call each API route, written out by hand: a route whose declared role changes, a new route nobody
// placed here, or a role the server stops enforcing fails this test.
//   public   anyone, signed in or not (the route checks what it needs itself: a code, a signature, a token)
//   user     anyone signed in (borrower or staff)
//   borrower a signed-in borrower; staff get 403
//   staff    a signed-in staff member past the second factor; borrowers get 403

type Role = 'public' | 'user' | 'borrower' | 'staff';
const ROLE_MATRIX: readonly (readonly [method: string, url: string, role: Role])[] = [
  ['GET', '/api/health', 'public'],
  ['GET', '/api/ready', 'public'],
  ['GET', '/api/session', 'public'],
  ['POST', '/api/lead', 'public'],
  ['POST', '/api/auth/sign-in', 'public'],
  ['POST', '/api/auth/two-factor/verify', 'public'],
  ['POST', '/api/auth/two-factor/setup', 'user'],
  ['POST', '/api/auth/two-factor/setup/confirm', 'user'],
  ['POST', '/api/auth/sign-out', 'public'],
  ['POST', '/api/auth/forgot-password', 'public'],
  ['POST', '/api/auth/reset-password', 'public'],
  ['POST', '/api/auth/complete-new-password', 'user'],
  ['POST', '/api/auth/change-password', 'user'],
  ['POST', '/api/auth/change-email', 'user'],
  ['POST', '/api/auth/verify-new-email', 'public'],
  ['POST', '/api/phone/verify', 'public'],
  ['PUT', '/api/account/language', 'borrower'],
  ['GET', '/api/application', 'borrower'],
  ['PUT', '/api/application/hardships', 'borrower'],
  ['POST', '/api/application/reapply', 'borrower'],
  ['PUT', '/api/application/household', 'borrower'],
  ['PUT', '/api/application/credit', 'borrower'],
  ['GET', '/api/application/credit/spouse-consent', 'borrower'],
  ['POST', '/api/application/credit/spouse-consent/link', 'borrower'],
  ['POST', '/api/spouse-consent/view', 'public'],
  ['POST', '/api/spouse-consent', 'public'],
  ['GET', '/api/application/eligible-debts', 'borrower'],
  ['PUT', '/api/application/eligible-debts', 'borrower'],
  ['POST', '/api/application/eligible-debts/missing', 'borrower'],
  ['DELETE', '/api/application/eligible-debts/missing/:id', 'borrower'],
  ['PUT', '/api/application/income', 'borrower'],
  ['PUT', '/api/application/confirm-income', 'borrower'],
  ['PUT', '/api/application/viewed-page', 'borrower'],
  ['GET', '/api/application/expenses', 'borrower'],
  ['PUT', '/api/application/expenses', 'borrower'],
  ['GET', '/api/application/budget', 'borrower'],
  ['PUT', '/api/application/budget', 'borrower'],
  ['GET', '/api/application/offers', 'borrower'],
  ['POST', '/api/application/offers/accept', 'borrower'],
  ['POST', '/api/application/offers/leave-all-out', 'borrower'],
  ['PUT', '/api/application/notify-when-eligible', 'borrower'],
  ['GET', '/api/address-suggestions', 'borrower'],
  ['GET', '/api/staff/applications', 'staff'],
  ['GET', '/api/staff/queue', 'staff'],
  ['GET', '/api/staff/applications/:id', 'staff'],
  ['GET', '/api/staff/applications/:id/letter', 'staff'],
  ['GET', '/api/staff/applications/:id/ledger', 'staff'],
  ['GET', '/api/staff/applications/:id/offers/:offerId/proposal', 'staff'],
  ['GET', '/api/staff/proposals', 'staff'],
  ['POST', '/api/staff/proposals/batch', 'staff'],
  ['GET', '/api/staff/proposals/batch/:day', 'staff'],
  ['POST', '/api/staff/proposals/mailed', 'staff'],
  ['POST', '/api/staff/applications/:id/claim', 'staff'],
  ['POST', '/api/staff/applications/:id/unclaim', 'staff'],
  ['POST', '/api/staff/alerts/:id/seen', 'staff'],
  ['GET', '/api/staff/users', 'staff'],
  ['GET', '/api/staff/contact-summary', 'staff'],
  ['GET', '/api/staff/email-failures', 'staff'],
  ['POST', '/api/staff/applications/:id/contact-attempts', 'staff'],
  ['PUT', '/api/staff/contact-attempts/:id/reasons/:key', 'staff'],
  ['POST', '/api/staff/offers/:id/status', 'staff'],
  ['POST', '/api/staff/offers/:id/reasons/toggle', 'staff'],
  // Every staff member reads the creditors; revising a programme or changing the details also needs the
  // creditor relations group (src/server/features/creditor-relations/routes.test.ts).
  ['GET', '/api/staff/creditors', 'staff'],
  ['GET', '/api/staff/creditors/:id', 'staff'],
  ['POST', '/api/staff/creditors/:id/programme', 'staff'],
  ['POST', '/api/staff/creditors/:id/details', 'staff'],
  ['POST', '/api/staff/applications/:id/quality-control', 'staff'],
  // Reopening a failed quality control also needs the supervisors' group: other staff get 403 whatever the id
  // (src/server/features/staff-actions/reopen-quality-control.test.ts, and below).
  ['POST', '/api/staff/applications/:id/quality-control/reopen', 'staff'],
  ['POST', '/api/staff/applications/:id/mark-transferred', 'staff'],
  ['POST', '/api/staff/applications/:id/approve-long-plan', 'staff'],
  // The agency's daily events file also needs the supervisors' group: other staff get 403 (below, and
  // src/server/features/staff-actions/agency-events-file.test.ts).
  ['POST', '/api/staff/agency-events/file', 'staff'],
  ['POST', '/api/application/payments/next-steps', 'borrower'],
  ['PUT', '/api/application/payments/manual-choice', 'borrower'],
  ['POST', '/api/bank-link/link-token', 'borrower'],
  ['POST', '/api/bank-link/items/:id/link-token', 'borrower'],
  ['POST', '/api/bank-link/items/:id/reconnection', 'borrower'],
  ['POST', '/api/application/bank-connections', 'borrower'],
  ['POST', '/api/application/income/bank-connections', 'borrower'],
  ['GET', '/api/application/income/bank-history', 'borrower'],
  ['PUT', '/api/application/income/skip-bank-connection', 'borrower'],
  ['GET', '/api/application/payments/accounts', 'borrower'],
  ['PUT', '/api/application/payments/confirm-payment-account', 'borrower'],
  ['PUT', '/api/application/payments/draft-day', 'borrower'],
  ['PUT', '/api/application/payments/payment-account', 'borrower'],
  ['GET', '/api/bank-link/sandbox/institutions', 'borrower'],
  ['POST', '/api/bank-link/sandbox/sign-in', 'borrower'],
  ['POST', '/api/bank-link/sandbox/public-token', 'borrower'],
  ['GET', '/api/application/submitted', 'borrower'],
  ['POST', '/api/application/submitted/resend', 'borrower'],
  ['POST', '/api/signing/session', 'public'],
  ['POST', '/api/signing/document', 'public'],
  ['POST', '/api/signing/sign', 'public'],
  ['POST', '/api/signing/consent', 'public'],
  ['POST', '/api/signing/paper', 'public'],
  ['POST', '/api/signing/new-link', 'public'],
  ['POST', '/api/application/envelopes/:envelopeId/signing-link', 'borrower'],
  ['POST', '/api/webhooks/e-signature', 'public'],
  ['POST', '/api/webhooks/bank-link', 'public'],
  // Cal.com's notices of calls changed in Cal.com: public, refused (401) without a valid X-Cal-Signature-256.
  ['POST', '/api/webhooks/scheduling', 'public'],
  // Twilio's inbound texts: public, and refused (403) without a valid X-Twilio-Signature.
  ['POST', '/api/webhooks/twilio/sms', 'public'],
  // The agency's DMP system (what happened to each plan after the hand-over): public, refused (401) without a
  // valid X-Signature over X-Timestamp and the body.
  ['POST', '/api/webhooks/agency-events', 'public'],
  ['GET', '/api/legal/:document', 'public'],
  // The counselling call: bookable by anyone; its emailed links carry a signed token instead of a session.
  ['GET', '/api/counselling/slots', 'public'],
  ['POST', '/api/counselling/calls', 'public'],
  ['GET', '/api/counselling/calls/by-token/:token', 'public'],
  ['POST', '/api/counselling/calls/by-token/:token', 'public'],
  ['GET', '/api/counselling/calls/by-token/:token/invitation', 'public'],
  ['GET', '/api/staff/counselling/availability', 'staff'],
  ['PUT', '/api/staff/counselling/availability', 'staff'],
  ['POST', '/api/staff/counselling/time-off', 'staff'],
  ['DELETE', '/api/staff/counselling/time-off/:id', 'staff'],
  // Every staff member reads the agency's days off; changing them also needs the supervisors' group
  // (src/server/features/counselling/agency-days-off.test.ts).
  ['GET', '/api/staff/counselling/agency-days-off', 'staff'],
  ['POST', '/api/staff/counselling/agency-days-off', 'staff'],
  ['DELETE', '/api/staff/counselling/agency-days-off/:day', 'staff'],
  ['GET', '/api/staff/counselling/calls/today', 'staff'],
  ['GET', '/api/staff/applications/:id/counselling-calls', 'staff'],
  ['POST', '/api/staff/counselling/calls/:id/outcome', 'staff'],
  ['GET', '/api/session-recording', 'borrower'],
  ['GET', '/api/customer-portal/plan', 'borrower'],
  ['GET', '/api/customer-portal/payments', 'borrower'],
  ['GET', '/api/customer-portal/counselling-call', 'borrower'],
  ['POST', '/api/customer-portal/plan/reauthorize', 'borrower'],
  ['GET', '/api/customer-portal/letter', 'borrower'],
  ['GET', '/api/customer-portal/addenda/:id', 'borrower'],
  ['GET', '/api/customer-portal/alerts', 'borrower'],
  ['POST', '/api/customer-portal/alerts/:id/seen', 'borrower'],
  ['GET', '/api/customer-portal/settings', 'borrower'],
  ['PUT', '/api/customer-portal/settings/text-messages', 'borrower'],
  ['PUT', '/api/customer-portal/settings/draft-day', 'borrower'],
];

let t: TestApp;
let borrower: Client;
let staff: Client;
beforeAll(async () => {
  t = await createTestApp();
  borrower = (await newBorrower(t)).client;
  staff = (await signedInStaff(t, 'Role Matrix')).client;
});
afterAll(async () => {
  await t.close();
});

const ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) =>
  url
    .replace(/:id\b/g, ID)
    .replace(/:envelopeId\b/g, ID)
    .replace(/:offerId\b/g, ID)
    .replace(/:day\b/g, '2026-11-27')
    .replace(/:key\b/g, 'verifyIncome')
    .replace(/:token\b/g, 'AAAAAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA');
const call = (client: Client, method: string, url: string) =>
  client.send(method as 'GET', concrete(url), method === 'GET' ? undefined : {});

describe('the role matrix', () => {
  it('lists every API route the server has, with the role it declares', () => {
    const declared = t.app.routeRoles.map((r) => `${r.method} ${r.url} ${r.role}`).sort();
    const written = ROLE_MATRIX.map(([method, url, role]) => `${method} ${url} ${role}`).sort();
    expect(declared).toEqual(written);
  });

  it.each(ROLE_MATRIX.filter(([, , role]) => role !== 'public'))(
    '%s %s (%s) refuses anonymous callers with 401',
    async (method, url) => {
      expect((await call(t.client(), method, url)).statusCode).toBe(401);
    },
  );

  it.each(ROLE_MATRIX.filter(([, , role]) => role === 'staff'))(
    '%s %s (%s) refuses a borrower with 403',
    async (method, url) => {
      expect((await call(borrower, method, url)).statusCode).toBe(403);
    },
  );

  it.each(ROLE_MATRIX.filter(([, , role]) => role === 'borrower'))(
    '%s %s (%s) refuses staff with 403',
    async (method, url) => {
      expect((await call(staff, method, url)).statusCode).toBe(403);
    },
  );

  it('refuses a staff member who is not a supervisor the reopen of a failed quality control with 403', async () => {
    const res = await call(staff, 'POST', '/api/staff/applications/:id/quality-control/reopen');
    expect(res.statusCode).toBe(403);
  });

  it('refuses a staff member who is not a supervisor the import of the agency’s events file with 403', async () => {
    const res = await staff.post('/api/staff/agency-events/file', { fileName: 'a.csv', content: 'id\n' });
    expect(res.statusCode).toBe(403);
  });

  it.each(ROLE_MATRIX.filter(([, , role]) => role === 'user'))(
    '%s %s (%s) lets both a borrower and staff past the role check',
    async (method, url) => {
      for (const client of [borrower, staff]) {
        expect([401, 403]).not.toContain((await call(client, method, url)).statusCode);
      }
    },
  );
});

// Outside the API, /metrics (src/server/plugins/metrics.ts) knows no session: a borrower or staff member signed
// in is nobody there. Off by default, it is a 404 for everyone; on, its one key is METRICS_TOKEN (or a port
// of its own that the public cannot reach).
describe('/metrics, outside the API and its roles', () => {
  it('is not an API route, so the matrix above does not list it', () => {
    expect(t.app.routeRoles.some((r) => r.url === '/metrics')).toBe(false);
  });

  it('answers 404 to everyone while metrics are off (the default)', async () => {
    for (const client of [t.client(), borrower, staff]) {
      expect((await client.get('/metrics')).statusCode).toBe(404);
    }
  });

  it('refuses every caller without the metrics token, signed in or not, when metrics are on', async () => {
    const token = randomBytes(32).toString('hex');
    const m = await createTestApp({ METRICS: 'true', METRICS_TOKEN: token });
    try {
      const callers = [m.client(), (await newBorrower(m)).client, (await signedInStaff(m, 'Metrics')).client];
      for (const client of callers) expect((await client.get('/metrics')).statusCode).toBe(401);
      const withToken = await m.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(withToken.statusCode).toBe(200);
    } finally {
      await m.close();
    }
  });
});
