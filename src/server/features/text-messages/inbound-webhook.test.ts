import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrower } from '#server/db/schema/application';
import { webhookEvent } from '#server/db/schema/ops';
import { newBorrower } from '#tests/support/borrower-flow';
import { signedInStaff } from '#tests/support/staff-actions';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { TWILIO_SMS_WEBHOOK_PATH } from './inbound-webhook';

// Inbound texts from Twilio: signed with the account's auth token; STOP and its kin opt the borrower out.
//
// Twilio's own default keywords, which it acts on whether or not we do (so the record must follow them all):
//   "By default, Twilio handles standard English-language reply messages—STOP, UNSUBSCRIBE, END, QUIT,
//    STOPALL, REVOKE, OPTOUT, and CANCEL—for long code numbers in accordance with industry standards."
//   (twilio.com/docs/messaging/tutorials/advanced-opt-out)
//   "Recipients can disable this message stop, and resume receiving messages with the START, YES, or UNSTOP
//    commands" (Twilio support for opt-out keywords, SMS STOP filtering)
// And what Advanced Opt-Out adds to the webhook ("Getting Started with Advanced Opt-Out for Messaging
// Services"): "Twilio will POST the opt-out, help, or opt-in messages to your webhook to help you track these
// events. These will arrive with an extra parameter OptOutType, which will indicate whether the message is a
// STOP, HELP or START message."

const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const AUTH_TOKEN = randomBytes(16).toString('hex');
const PUBLIC_URL = 'https://dmp.example';

let t: TestApp;
let unconfigured: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    {
      PUBLIC_URL,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: '+12025550100',
      LOG_LEVEL: 'trace',
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t?.close(), unconfigured?.close()]);
});

let phoneSeq = 0;
/** A borrower with a number of their own (+1 202 555 01xx). */
async function borrowerWithPhone() {
  const b = await newBorrower(t);
  const phone = `+1202555${String(1000 + (phoneSeq++ % 9000)).padStart(4, '0')}`;
  await t.db.update(borrower).set({ phoneNumber: phone }).where(eq(borrower.applicationId, b.applicationId));
  return { ...b, phone };
}

const optedOut = async (applicationId: string) =>
  (await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, applicationId) }))!
    .isOptedOutOfSMS;

const messageSid = () => `SM${randomBytes(16).toString('hex')}`;

/** The form Twilio posts for an inbound text (the fields Twilio documents for a Messaging webhook). */
const inbound = (from: string, body: string, sid = messageSid()) => ({
  ToCountry: 'US',
  SmsMessageSid: sid,
  NumMedia: '0',
  SmsSid: sid,
  SmsStatus: 'received',
  Body: body,
  To: '+12025550100',
  NumSegments: '1',
  MessageSid: sid,
  AccountSid: ACCOUNT_SID,
  From: from,
  ApiVersion: '2010-04-01',
});

/** Posts `params` as Twilio does, signed by the SDK with `token` for the address Twilio called. */
function post(
  app: TestApp,
  params: Record<string, string>,
  o: { token?: string; url?: string; signature?: string | null } = {},
) {
  const path = o.url ?? TWILIO_SMS_WEBHOOK_PATH;
  const signature =
    o.signature === undefined
      ? twilio.getExpectedTwilioSignature(o.token ?? AUTH_TOKEN, `${PUBLIC_URL}${path}`, params)
      : o.signature;
  return app.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

describe(`POST ${TWILIO_SMS_WEBHOOK_PATH}`, () => {
  it.each(['STOP', 'stop', ' Stop\n', 'STOPALL', 'unsubscribe', 'CANCEL', 'End', 'quit', 'REVOKE', 'optout'])(
    'a correctly signed %j from a borrower’s phone opts that borrower out, answered with empty TwiML',
    async (keyword) => {
      const b = await borrowerWithPhone();
      const other = await borrowerWithPhone();
      const res = await post(t, inbound(b.phone, keyword));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      expect(await optedOut(b.applicationId)).toBe(true);
      expect(await optedOut(other.applicationId)).toBe(false);
    },
  );

  it('START or UNSTOP allows texts again; any other text changes nothing', async () => {
    const b = await borrowerWithPhone();
    await post(t, inbound(b.phone, 'STOP'));
    await post(t, inbound(b.phone, 'please stop texting me'));
    expect(await optedOut(b.applicationId)).toBe(true);
    await post(t, inbound(b.phone, 'start'));
    expect(await optedOut(b.applicationId)).toBe(false);
    await post(t, inbound(b.phone, 'STOP'));
    await post(t, inbound(b.phone, 'UNSTOP'));
    expect(await optedOut(b.applicationId)).toBe(false);
  });

  it('YES allows texts again, as START does at Twilio', async () => {
    const b = await borrowerWithPhone();
    await post(t, inbound(b.phone, 'REVOKE'));
    expect(await optedOut(b.applicationId)).toBe(true);
    const res = await post(t, inbound(b.phone, 'Yes'));
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optedOut(b.applicationId)).toBe(false);
  });

  it('follows Twilio’s OptOutType (Advanced Opt-Out), whatever word the Messaging Service was given', async () => {
    const b = await borrowerWithPhone();
    // An agency's own words in its Messaging Service: Twilio matched them and answered the person itself.
    const baja = await post(t, { ...inbound(b.phone, 'BAJA'), OptOutType: 'STOP' });
    expect(baja.statusCode, baja.body).toBe(200);
    expect(baja.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optedOut(b.applicationId)).toBe(true);
    const alta = await post(t, { ...inbound(b.phone, 'ALTA'), OptOutType: 'START' });
    expect(alta.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optedOut(b.applicationId)).toBe(false);
    // Twilio sent the service's help reply: ours would be a second one.
    const help = await post(t, { ...inbound(b.phone, 'AYUDA'), OptOutType: 'HELP' });
    expect(help.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optedOut(b.applicationId)).toBe(false);
    // A word the agency removed from its service (no OptOutType) that is still a default: opted out all the
    // same, as doing so when unsure is the side that never texts someone who asked us not to.
    await post(t, inbound(b.phone, 'CANCEL'));
    expect(await optedOut(b.applicationId)).toBe(true);
  });

  it('ignores an OptOutType that is not STOP, START or HELP, and reads the words instead', async () => {
    const b = await borrowerWithPhone();
    const odd = await post(t, { ...inbound(b.phone, 'Hello there'), OptOutType: 'DROP' });
    expect(odd.statusCode).toBe(200);
    expect(await optedOut(b.applicationId)).toBe(false);
    await post(t, { ...inbound(b.phone, 'STOP'), OptOutType: '\u0000' });
    expect(await optedOut(b.applicationId)).toBe(true);
  });

  it.each(['PARAR', 'parar', ' Parar\n'])(
    '%j opts the borrower out whatever their language, confirmed by us',
    async (keyword) => {
      const b = await borrowerWithPhone();
      // A borrower from before the product stored a language (every lead stores one now).
      await t.db
        .update(borrower)
        .set({ preferredLanguage: null })
        .where(eq(borrower.applicationId, b.applicationId));
      const res = await post(t, inbound(b.phone, keyword));
      expect(res.statusCode, res.body).toBe(200);
      expect(await optedOut(b.applicationId)).toBe(true);
      // No language stored: the answer is in the language of the word.
      expect(res.body).toContain('<Response><Message>Clearpath Debt Relief: Ya no recibirá más mensajes');
    },
  );

  it('an English-speaking borrower’s PARAR opts them out, confirmed in English', async () => {
    const b = await borrowerWithPhone();
    await t.db
      .update(borrower)
      .set({ preferredLanguage: 'en' })
      .where(eq(borrower.applicationId, b.applicationId));
    const res = await post(t, inbound(b.phone, 'PARAR'));
    expect(await optedOut(b.applicationId)).toBe(true);
    expect(res.body).toContain('You will not receive any more text messages from us. Reply START');
  });

  it('a Spanish-speaking borrower’s PARAR is confirmed in Spanish; their STOP is left to Twilio', async () => {
    const b = await borrowerWithPhone();
    await t.db
      .update(borrower)
      .set({ preferredLanguage: 'es' })
      .where(eq(borrower.applicationId, b.applicationId));
    const res = await post(t, inbound(b.phone, 'PARAR'));
    expect(res.body).toContain('Ya no recibirá más mensajes de texto de nuestra parte.');
    expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
    await post(t, inbound(b.phone, 'START'));
    expect(await optedOut(b.applicationId)).toBe(false);
    const stop = await post(t, inbound(b.phone, 'STOP'));
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optedOut(b.applicationId)).toBe(true);
  });

  it.each([
    ['HELP', null, 'For help with your debt management plan'],
    ['AYUDA', null, 'Para recibir ayuda con su plan de manejo de deudas'],
    ['help', 'es', 'Para recibir ayuda con su plan de manejo de deudas'],
    ['Ayuda', 'en', 'For help with your debt management plan'],
  ])(
    '%j from a borrower whose language is %s is answered with how to reach us, changing nothing',
    async (keyword, language, answer) => {
      const b = await borrowerWithPhone();
      await t.db
        .update(borrower)
        .set({ preferredLanguage: language })
        .where(eq(borrower.applicationId, b.applicationId));
      const res = await post(t, inbound(b.phone, keyword));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(answer);
      expect(res.body).toContain('(800) 555-0199');
      expect(await optedOut(b.applicationId)).toBe(false);
    },
  );

  it('staff see the opt-out on the borrower summary at once', async () => {
    const staff = await signedInStaff(t, 'Opt Out Watcher');
    const b = await borrowerWithPhone();
    const summary = async () =>
      (await staff.client.get(`/api/staff/applications/${b.applicationId}`)).json().contact.isOptedOutOfSMS;
    expect(await summary()).toBe(false);
    await post(t, inbound(b.phone, 'STOP'));
    expect(await summary()).toBe(true);
    await post(t, inbound(b.phone, 'START'));
    expect(await summary()).toBe(false);
  });

  it('handles a message once: Twilio retrying the same MessageSid after a later START changes nothing', async () => {
    const b = await borrowerWithPhone();
    const stop = inbound(b.phone, 'STOP');
    await post(t, stop);
    await post(t, inbound(b.phone, 'START'));
    const retried = await post(t, stop);
    expect(retried.statusCode).toBe(200);
    expect(await optedOut(b.applicationId)).toBe(false);
  });

  it.each<[string, { token?: string; url?: string; signature?: string | null }]>([
    ['no signature', { signature: null }],
    ['an empty signature', { signature: '' }],
    ['a signature with another auth token', { token: randomBytes(16).toString('hex') }],
    ['a signature for another address', { url: `${TWILIO_SMS_WEBHOOK_PATH}?x=1` }],
    ['garbage', { signature: 'not-base64!' }],
  ])('refuses %s with 403 and writes nothing', async (_label, o) => {
    const b = await borrowerWithPhone();
    const params = inbound(b.phone, 'STOP');
    const signature =
      o.url !== undefined
        ? twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${o.url}`, params)
        : o.signature;
    const res = await post(t, params, { token: o.token, signature });
    expect(res.statusCode).toBe(403);
    expect(await optedOut(b.applicationId)).toBe(false);
    const events = await t.db.select().from(webhookEvent).where(eq(webhookEvent.eventId, params.MessageSid));
    expect(events).toEqual([]);
  });

  it('refuses a body altered after signing', async () => {
    const b = await borrowerWithPhone();
    const params = inbound(b.phone, 'Hello');
    const signature = twilio.getExpectedTwilioSignature(
      AUTH_TOKEN,
      `${PUBLIC_URL}${TWILIO_SMS_WEBHOOK_PATH}`,
      params,
    );
    const res = await post(t, { ...params, Body: 'STOP' }, { signature });
    expect(res.statusCode).toBe(403);
    expect(await optedOut(b.applicationId)).toBe(false);
  });

  it('refuses every call (403) when Twilio is not configured: nothing can be verified', async () => {
    const res = await post(unconfigured, inbound('+12025550143', 'STOP'));
    expect(res.statusCode).toBe(403);
  });

  it.each<[string, Record<string, string>]>([
    ['another account', { AccountSid: `AC${'0'.repeat(32)}` }],
    ['no MessageSid', { MessageSid: '' }],
    ['a malformed MessageSid', { MessageSid: 'SM\u0000drop table' }],
    ['no From', { From: '' }],
    ['a body of 10,000 characters', { Body: 'S'.repeat(10_000) }],
  ])('answers a signed call with %s with 400', async (_label, change) => {
    const res = await post(t, { ...inbound('+12025550143', 'STOP'), ...change });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('acknowledges signed texts that concern no borrower: another country, control characters, no match', async () => {
    for (const params of [
      inbound('+447700900123', 'STOP'),
      inbound('+12025550199', '\u0000\u001bSTOP'),
      inbound('+19995550100', 'STOP'),
    ]) {
      expect((await post(t, params)).statusCode).toBe(200);
    }
  });

  it('refuses a body that is not a form, and a huge one, with 4xx', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: TWILIO_SMS_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-twilio-signature': 'x' },
      payload: '{"From":"+12025550143","Body":"STOP"}',
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const huge = await t.app.inject({
      method: 'POST',
      url: TWILIO_SMS_WEBHOOK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      payload: `Body=${'S'.repeat(100_000)}`,
    });
    expect(huge.statusCode).toBe(413);
  });

  it('logs neither the phone number nor the text', async () => {
    const b = await borrowerWithPhone();
    lines.length = 0;
    await post(t, inbound(b.phone, 'STOP'));
    const log = lines.join('\n');
    expect(log).toContain('text-message keyword received');
    expect(log).not.toContain(b.phone.slice(2));
    expect(log).not.toMatch(/"Body"|STOP"/);
    expect(log).not.toContain('x-twilio-signature');
  });
});
