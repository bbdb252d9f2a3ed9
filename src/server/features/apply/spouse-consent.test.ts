import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_CONSENT_LABELS } from '#domain/validation/application';
import { MESSAGES, requiredMessage } from '#domain/validation/messages';
import {
  SPOUSE_CONSENT_LINKS_PER_DAY,
  SPOUSE_CONSENT_MESSAGES,
  SPOUSE_FULL_NAME_LABEL,
} from '#domain/validation/spouse-consent';
import { spouse, spouseConsentLink, spouseCreditConsent } from '#server/db/schema/application';
import { creditReport } from '#server/db/schema/credit';
import { auditLog } from '#server/db/schema/ops';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { householdBody, newBorrower, put, toCredit, uniqueEmail } from '#tests/support/borrower-flow';
import { hashSpouseConsentToken } from './spouse-consent';

// The spouse's own consent before the spouse's credit pull: at the applicant's screen (their tick and their
// typed name), or from a link emailed to them. The applicant can no longer consent for the spouse.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const STATUS = '/api/application/credit/spouse-consent';
const SEND = '/api/application/credit/spouse-consent/link';
const VIEW = '/api/spouse-consent/view';
const CONSENT = '/api/spouse-consent';

const sam = (o: Record<string, unknown> = {}) => ({
  hasSpouse: true,
  spouse: {
    firstName: 'Sam',
    lastName: 'Doe',
    dateOfBirth: '02-03-1986',
    hasSameAddressAsBorrower: true,
    ...o,
  },
});

type B = Awaited<ReturnType<typeof newBorrower>>;

async function withSpouse(o: Record<string, unknown> = {}): Promise<B> {
  const b = await newBorrower(t);
  await toCredit(b, sam(o));
  return b;
}

const reportsOf = async (applicationId: string) =>
  (await t.db.select().from(creditReport).where(eq(creditReport.applicationId, applicationId)))
    .map((r) => (r.spouseId ? 'spouse' : 'borrower'))
    .sort();

const consentOf = async (applicationId: string) =>
  t.db.query.spouseCreditConsent.findFirst({ where: eq(spouseCreditConsent.applicationId, applicationId) });

/** Sends the link and reads the token out of the email the spouse receives. */
async function sendLink(b: B, email: string) {
  const res = await b.client.post(SEND, { email });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await t.lastEmail(email);
  const url = mail!.url;
  const token = new URLSearchParams(url.hash.slice(1)).get('t')!;
  return { res, mail: mail!, url, token };
}

describe('the spouse at the applicant’s screen', () => {
  it('refuses the applicant’s tick alone for the spouse, and pulls nobody’s credit', async () => {
    // The old page sent exactly this and the spouse's file was pulled on it.
    const b = await withSpouse();
    const res = await put(b.client, '/api/application/credit', {
      consentedToCreditPolicy: true,
      spouseConsentedToCreditPolicy: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ spouseFullName: requiredMessage(SPOUSE_FULL_NAME_LABEL) });
    expect(await reportsOf(b.applicationId)).toEqual([]);
    expect(await consentOf(b.applicationId)).toBeUndefined();
  });

  it('keeps the spec’s message for an unticked spouse box', async () => {
    const b = await withSpouse();
    const res = await put(b.client, '/api/application/credit', {
      consentedToCreditPolicy: true,
      spouseFullName: 'Sam Doe',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ spouseConsentedToCreditPolicy: MESSAGES.creditConsentRequired });
  });

  it('refuses a name that is not the spouse’s, then records the spouse’s own consent with its evidence', async () => {
    const b = await withSpouse();
    const wrong = await put(b.client, '/api/application/credit', {
      consentedToCreditPolicy: true,
      spouseConsentedToCreditPolicy: true,
      spouseFullName: 'Pat Doe',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ spouseFullName: SPOUSE_CONSENT_MESSAGES.nameMismatch });
    expect(await reportsOf(b.applicationId)).toEqual([]);

    // Case and spacing do not matter.
    const res = await put(b.client, '/api/application/credit', {
      consentedToCreditPolicy: true,
      spouseConsentedToCreditPolicy: true,
      spouseFullName: '  sAM    doe ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: '/eligible-debts' });
    expect(await reportsOf(b.applicationId)).toEqual(['borrower', 'spouse']);
    const consent = await consentOf(b.applicationId);
    expect(consent).toMatchObject({
      method: 'atScreen',
      typedName: 'sAM    doe',
      consentText: CREDIT_CONSENT_LABELS.spouse,
      language: 'en',
      ipAddress: '127.0.0.1',
      linkId: null,
    });
    expect(consent!.userAgent).toBeTruthy();
    expect(consent!.consentedAt.getTime()).toBeLessThanOrEqual(Date.now());
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.applicationId, b.applicationId), eq(auditLog.action, 'spouseCreditConsentGiven')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: b.userId, after: { method: 'atScreen', language: 'en' } });
    // Nothing personal in the audit's values: no name, no address.
    expect(JSON.stringify(audit[0]!.after)).not.toMatch(/sam|doe|127\.0/i);
    const status = (await b.client.get(STATUS)).json();
    expect(status).toMatchObject({ status: 'given', given: { method: 'atScreen' } });
  });

  it('asks again when the spouse’s name changed after the consent (another person has not consented)', async () => {
    const b = await withSpouse();
    const first = await put(b.client, '/api/application/credit', {
      consentedToCreditPolicy: true,
      spouseConsentedToCreditPolicy: true,
      spouseFullName: 'Sam Doe',
    });
    expect(first.statusCode).toBe(200);
    // The consent does not follow a different spouse: another applicant's spouse of the same name included.
    const other = await withSpouse();
    const refused = await put(other.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      spouseConsentedToCreditPolicy: MESSAGES.creditConsentRequired,
    });
    expect((await other.client.get(STATUS)).json().status).toBe('none');
  });
});

describe('the spouse from an emailed link', () => {
  it('waits for the spouse’s own consent, then pulls both files', async () => {
    const b = await withSpouse();
    expect((await b.client.get(STATUS)).json()).toEqual({
      status: 'none',
      given: null,
      link: null,
      spouseEmail: null,
    });
    const email = uniqueEmail('sam');
    const { res, mail, url, token } = await sendLink(b, email);
    expect(res.json()).toMatchObject({ status: 'awaiting', link: { sentTo: email }, spouseEmail: email });
    expect(mail.kind).toBe('spouse-consent');
    expect(mail.subject).toBe('Your consent for a credit check');
    expect(url.pathname).toBe('/spouse-consent');
    expect(url.search).toBe('?lang=en');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(t.queued).toContain(mail.id);
    // Only the token's hash is stored.
    const [link] = await t.db
      .select()
      .from(spouseConsentLink)
      .where(eq(spouseConsentLink.applicationId, b.applicationId));
    expect(link!.tokenHash).toBe(hashSpouseConsentToken(token));
    expect(JSON.stringify(link)).not.toContain(token);
    const row = await t.db.query.spouse.findFirst({ where: eq(spouse.applicationId, b.applicationId) });
    expect(row!.email).toBe(email);

    // The applicant cannot go on for the spouse meanwhile.
    const waiting = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(waiting.statusCode).toBe(400);
    expect(await reportsOf(b.applicationId)).toEqual([]);

    const spouseBrowser = t.client();
    const view = await spouseBrowser.post(VIEW, { token });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toEqual({ spouseFirstName: 'Sam', borrowerFirstName: 'Pat', language: 'en' });
    const mismatch = await spouseBrowser.post(CONSENT, {
      token,
      consentedToCreditPolicy: true,
      fullName: 'S Doe',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual({ fullName: SPOUSE_CONSENT_MESSAGES.nameMismatch });
    // In Spanish for a Spanish reader, by its id.
    const mismatchEs = await spouseBrowser.post(
      CONSENT,
      { token, consentedToCreditPolicy: true, fullName: 'S Doe' },
      { cookie: 'lang=es' },
    );
    expect(mismatchEs.json()).toMatchObject({
      fieldErrors: {
        fullName:
          'Este nombre no coincide con el nombre del cónyuge en la solicitud. Escriba el nombre y el apellido tal como se indicaron.',
      },
      fieldMessages: { fullName: { messageId: 'validation.spouseConsent.nameMismatch' } },
    });
    const unticked = await spouseBrowser.post(CONSENT, {
      token,
      consentedToCreditPolicy: false,
      fullName: 'Sam Doe',
    });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().fieldErrors).toEqual({ consentedToCreditPolicy: MESSAGES.creditConsentRequired });
    const given = await spouseBrowser.post(CONSENT, {
      token,
      consentedToCreditPolicy: true,
      fullName: 'sam doe',
    });
    expect(given.statusCode, given.body).toBe(204);

    const consent = await consentOf(b.applicationId);
    expect(consent).toMatchObject({ method: 'emailedLink', typedName: 'sam doe', linkId: link!.id });
    expect(consent!.consentText).toContain('I authorize Clearpath Debt Relief to obtain my credit report');
    expect(consent!.ipAddress).toBe('127.0.0.1');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.applicationId, b.applicationId), eq(auditLog.action, 'spouseCreditConsentGiven')),
      );
    expect(audit).toMatchObject({ actorId: null, after: { method: 'emailedLink' } });

    // Single use.
    const again = await spouseBrowser.post(VIEW, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SPOUSE_CONSENT_MESSAGES.alreadyGiven);
    expect((await b.client.get(STATUS)).json()).toMatchObject({ status: 'given', link: null });

    const res2 = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(res2.json()).toEqual({ next: '/eligible-debts' });
    expect(await reportsOf(b.applicationId)).toEqual(['borrower', 'spouse']);
  });

  it('writes to a Spanish-speaking spouse in Spanish', async () => {
    const b = await withSpouse({ preferredLanguage: 'es' });
    const { mail, url, token } = await sendLink(b, uniqueEmail('sam'));
    expect(mail.subject).toBe('Su consentimiento para una consulta de crédito');
    expect(url.searchParams.get('lang')).toBe('es');
    expect((await t.client().post(VIEW, { token })).json().language).toBe('es');
    await t.client().post(CONSENT, { token, consentedToCreditPolicy: true, fullName: 'Sam Doe' });
    const consent = await consentOf(b.applicationId);
    expect(consent).toMatchObject({ language: 'es' });
    expect(consent!.consentText).toMatch(/^Autorizo a Clearpath Debt Relief/);
  });

  it('gives a clear refusal, never a 5xx, for a replaced, expired, unknown or malformed token', async () => {
    const b = await withSpouse();
    const email = uniqueEmail('sam');
    const first = await sendLink(b, email);
    const second = await sendLink(b, email);
    const browser = t.client();
    const replaced = await browser.post(VIEW, { token: first.token });
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json().message).toBe(SPOUSE_CONSENT_MESSAGES.linkNotValid);

    await t.db
      .update(spouseConsentLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(spouseConsentLink.tokenHash, hashSpouseConsentToken(second.token)));
    const expired = await browser.post(CONSENT, {
      token: second.token,
      consentedToCreditPolicy: true,
      fullName: 'Sam Doe',
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(SPOUSE_CONSENT_MESSAGES.linkExpired);
    expect(await consentOf(b.applicationId)).toBeUndefined();

    const unknown = await browser.post(VIEW, { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    for (const body of [
      {},
      { token: 'short' },
      { token: `${'A'.repeat(42)}\u0000` },
      { token: { $ne: null } },
      { token: 'A'.repeat(43), extra: 1 },
    ]) {
      const res = await browser.post(VIEW, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const fullName of ['x'.repeat(5000), 'Sam\u0000Doe', 42, null]) {
      const res = await browser.post(CONSENT, {
        token: 'A'.repeat(43),
        consentedToCreditPolicy: true,
        fullName,
      });
      expect(res.statusCode, String(fullName).slice(0, 10)).toBe(400);
    }
  });

  it('sends at most SPOUSE_CONSENT_LINKS_PER_DAY links a day, and refuses a hostile address', async () => {
    const b = await withSpouse();
    for (const email of ['not-an-email', 'a@b', 'x'.repeat(300) + '@example.com', '<script>@x.com']) {
      const res = await b.client.post(SEND, { email });
      expect(res.statusCode, email.slice(0, 20)).toBe(400);
    }
    const email = uniqueEmail('sam');
    for (let i = 0; i < SPOUSE_CONSENT_LINKS_PER_DAY; i++) await sendLink(b, email);
    const refused = await b.client.post(SEND, { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SPOUSE_CONSENT_MESSAGES.tooManyLinks);
    expect(await t.emailsTo(email)).toHaveLength(SPOUSE_CONSENT_LINKS_PER_DAY);
  });

  it('is the borrower’s own application only: without a spouse it is 404, and a link once given cannot be sent', async () => {
    const alone = await newBorrower(t);
    await toCredit(alone);
    expect((await alone.client.get(STATUS)).statusCode).toBe(404);
    expect((await alone.client.post(SEND, { email: uniqueEmail('x') })).statusCode).toBe(404);

    const b = await withSpouse();
    await put(b.client, '/api/application/credit', {
      consentedToCreditPolicy: true,
      spouseConsentedToCreditPolicy: true,
      spouseFullName: 'Sam Doe',
    });
    // The application moved on to /eligible-debts: no more links from /credit.
    expect((await b.client.post(SEND, { email: uniqueEmail('x') })).statusCode).toBe(409);
  });

  it('asks for the spouse again when /household names another spouse after the consent', async () => {
    const b = await withSpouse();
    const { token } = await sendLink(b, uniqueEmail('sam'));
    await t.client().post(CONSENT, { token, consentedToCreditPolicy: true, fullName: 'Sam Doe' });
    expect((await b.client.get(STATUS)).json().status).toBe('given');
    const changed = await put(
      b.client,
      '/api/application/household',
      householdBody('Doe', sam({ firstName: 'Alex' })),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await b.client.get(STATUS)).json().status).toBe('none');
    const refused = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(refused.statusCode).toBe(400);
    expect(await reportsOf(b.applicationId)).toEqual([]);
  });
});
