import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { answerMarker, LEAD_FORM_ANSWER_ID } from '#domain/validation/lead-form-answer';
import { MESSAGES } from '#domain/validation/messages';
import { user } from '#server/db/schema/auth';
import { application } from '#server/db/schema/application';
import { answeredLeadPageFile } from '#server/web-app';
import { borrower } from '#server/db/schema/application';

// POST /lead: the lead form sent by the browser itself. The page it answers with is the build's marked copy of
// /lead; here a small one of the same shape (the web's tests check the build's against React's drawing).

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;
const MARKED_PAGE = [
  '<!doctype html><html><head><title>Pay off your credit cards</title></head><body><div id="root"><form method="post" action="#get-started">',
  ...TEXT_FIELDS.map(
    (field) =>
      `<input aria-invalid="true" aria-describedby="${field}-error" id="${field}" name="${field}"/><p id="${field}-error">${answerMarker(field)}</p>`,
  ),
  `<input aria-invalid="true" aria-describedby="terms-error" id="terms" type="checkbox" name="agreedToTerms"/><p id="terms-error">${answerMarker('agreedToTerms')}</p>`,
  '</form></div></body></html>',
].join('');

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'dmp-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(webRoot, 'lead'));
  writeFileSync(path.join(webRoot, 'lead/index.html'), '<!doctype html><div id="root"><form></form></div>');
  writeFileSync(path.join(webRoot, answeredLeadPageFile('en')), MARKED_PAGE);
  mkdirSync(path.join(webRoot, 'es/lead'), { recursive: true });
  writeFileSync(
    path.join(webRoot, answeredLeadPageFile('es')),
    MARKED_PAGE.replace('<html>', '<html lang="es">'),
  );
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { webRoot, logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = () => `form.${Date.now()}.${++counter}@example.com`;
const ORIGIN = 'http://localhost:3000';

/** The browser's own submission: a form body, our Origin, no script. */
const send = (fields: Record<string, string>, o: { url?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: o.url ?? '/lead',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...o.headers },
    payload: new URLSearchParams(fields).toString(),
  });

const valid = (email: string) => ({
  firstName: 'Ana',
  lastName: 'Diaz',
  email,
  phoneNumber: '2025550111',
  agreedToTerms: 'on',
});

describe('POST /lead (the lead form without its script)', () => {
  it('creates the lead as POST /api/lead does, signs the visitor in and sends them to the next step', async () => {
    const email = uniqueEmail();
    const res = await send(valid(email.toUpperCase()), { url: '/lead?utm_source=x&utm_campaign=spring' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/hardships');
    expect(res.cookies.some((cookie) => cookie.name.includes('session_token'))).toBe(true);
    const account = await t.db.query.user.findFirst({ where: eq(user.email, email) });
    expect(account).toBeDefined();
    const own = await t.db.query.application.findFirst({ where: eq(application.owner, account!.id) });
    expect(own).toMatchObject({ utmSource: 'x', utmCampaign: 'spring' });
    expect(await t.lastEmail(email)).toBeDefined();
  });

  it('answers a first tap on Get Started (nothing filled in) with the page and every field message', async () => {
    const res = await send({});
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email address is required',
      'Phone number is required',
      MESSAGES.termsRequired,
    ]) {
      expect(res.body).toContain(message);
    }
    expect(res.body).not.toContain('@@answer');
    expect(res.body).toContain(`id="${LEAD_FORM_ANSWER_ID}"`);
  });

  it('keeps what was typed and shows only the messages of the fields that failed', async () => {
    const res = await send({ ...valid('ana@example'), firstName: 'Ana "Bee"' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('name="firstName" value="Ana &quot;Bee&quot;"/>');
    expect(res.body).toContain('name="phoneNumber" value="202-555-0111"/>');
    expect(res.body).toContain('name="agreedToTerms" checked=""/>');
    expect(res.body).toContain('<p id="email-error">Email address is invalid</p>');
    expect(res.body).not.toContain('firstName-error');
  });

  it('shows an email that already has an account beside the email, as the script does', async () => {
    const email = uniqueEmail();
    expect((await send(valid(email))).statusCode).toBe(303);
    const res = await send(valid(email));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`<p id="email-error">${MESSAGES.usernameExists}</p>`);
  });

  it('shows a number the phone lookup flags invalid beside the phone, creating nothing', async () => {
    const email = uniqueEmail();
    const res = await send({ ...valid(email), phoneNumber: '999-555-0123' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<p id="phoneNumber-error">Phone number is invalid</p>');
    expect(await t.db.query.user.findFirst({ where: eq(user.email, email) })).toBeUndefined();
  });

  it.each([
    ['control characters', { ...valid('x@example.com'), firstName: 'A\u0000\u0007na' }],
    ['a huge value', { ...valid('x@example.com'), lastName: 'x'.repeat(12_000) }],
    [
      'an email of a thousand characters',
      { ...valid('x@example.com'), email: `${'a'.repeat(1000)}@example.com` },
    ],
    [
      'markup in every field',
      { firstName: '<script>', lastName: '</form>', email: '"><', phoneNumber: '&#0;' },
    ],
  ])('answers hostile input (%s) with 4xx, never 5xx', async (_case, fields) => {
    const res = await send(fields);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('<script>"');
  });

  it('refuses a body larger than a lead form with 413', async () => {
    const res = await send({ firstName: 'x'.repeat(20_000) });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a form posted from another site', async () => {
    const email = uniqueEmail();
    const res = await send(valid(email), { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(await t.db.query.user.findFirst({ where: eq(user.email, email) })).toBeUndefined();
  });

  it.each([
    [
      'our page (Origin null, as a browser sends it under no-referrer, and same-origin)',
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      303,
    ],
    ['another site hiding its origin', { origin: 'null', 'sec-fetch-site': 'cross-site' }, 403],
    ['no browser at all (Origin null, no Sec-Fetch-Site)', { origin: 'null' }, 403],
  ])('a form whose origin is hidden: %s', async (_case, headers, status) => {
    const res = await send(valid(uniqueEmail()), { headers });
    expect(res.statusCode).toBe(status);
  });

  it('writes nothing personal to the logs', async () => {
    lines.length = 0;
    await send({ ...valid('private.person@example.com'), firstName: 'Privatename' });
    await send({ ...valid('private.person@example'), firstName: 'Privatename' });
    const log = lines.join('\n');
    expect(log).not.toContain('private.person');
    expect(log).not.toContain('Privatename');
    // The whole number, in each way it is written: a bare '555' also turns up by chance in
    // a request id or a response time.
    for (const phone of ['2025550111', '202-555-0111', '5550111']) expect(log).not.toContain(phone);
  });
});

describe('POST /es/lead (the Spanish lead form without its script)', () => {
  it("answers with the Spanish page and the field messages in Spanish, whatever the browser's language", async () => {
    const res = await send(
      { ...valid('ana@example'), firstName: '' },
      { url: '/es/lead', headers: { 'accept-language': 'en-US' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('<p id="firstName-error">Nombre: este dato es obligatorio</p>');
    expect(res.body).not.toContain('is required');
    expect(res.body).not.toContain('is invalid');
  });

  it('shows a number the phone lookup flags invalid in Spanish', async () => {
    const res = await send({ ...valid(uniqueEmail()), phoneNumber: '999-555-0123' }, { url: '/es/lead' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<p id="phoneNumber-error">Número de teléfono: el dato no es válido</p>');
  });

  it('shows an email that already has an account in Spanish', async () => {
    const email = uniqueEmail();
    expect((await send(valid(email), { url: '/es/lead' })).statusCode).toBe(303);
    const res = await send(valid(email), { url: '/es/lead' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Ya existe una cuenta con este correo electrónico.');
  });

  it("stores Spanish as the new borrower's language and writes the first email in Spanish", async () => {
    const email = uniqueEmail();
    const english = uniqueEmail();
    expect((await send(valid(email), { url: '/es/lead?utm_source=radio' })).statusCode).toBe(303);
    // The English page, even from a browser that asks for Spanish: the page read is the language chosen.
    expect((await send(valid(english), { headers: { 'accept-language': 'es' } })).statusCode).toBe(303);
    const languages = await t.db
      .select({ email: borrower.email, language: borrower.preferredLanguage })
      .from(borrower);
    expect(languages.find((row) => row.email === email)?.language).toBe('es');
    expect(languages.find((row) => row.email === english)?.language).toBe('en');
    const spanish = await t.lastEmail(email);
    const other = await t.lastEmail(english);
    expect(spanish!.subject).not.toBe(other!.subject);
  });
});

describe('POST /lead on a server without the built page', () => {
  it('answers the field messages as JSON (400), never a 500, and creates nothing', async () => {
    const bare = mkdtempSync(path.join(os.tmpdir(), 'dmp-web-bare-'));
    const other = await createTestApp({}, { webRoot: bare });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/lead',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        payload: 'firstName=Ana',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ValidationError',
        fieldErrors: { lastName: expect.any(String), email: expect.any(String) },
      });
      // A body that is no form at all is refused the same way.
      const json = await other.app.inject({
        method: 'POST',
        url: '/lead',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: '{"a":1}',
      });
      expect(json.statusCode).toBeLessThan(500);
      expect(await other.db.select().from(application)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
