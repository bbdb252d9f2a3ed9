import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPhoneLookup } from '#providers/phone-lookup/index';
import { createSms } from '#providers/sms/index';
import { loadConfig } from '#server/env';
import { createTwilioPhoneLookup } from '#providers/phone-lookup/twilio';
import { createTwilioSms } from '#providers/sms/twilio';
import { documentedExample, field, vendorDocument } from '../documents';
import { startPrism, type Prism } from '../prism';
import { startRewritingProxy } from '../rewriting-proxy';

// The real Twilio adapters (texts through the Messages API, numbers through Lookup v2), on Twilio's official
// SDK, against Twilio's own published API documents (twilio/twilio-oai, trimmed to the calls the adapters
// make: README.md beside this file), each served by Prism: the SDK's form-encoded request must pass the
// document's schema and its security (HTTP Basic with the account), and the adapters read the documented
// example answers.

const messages = vendorDocument('twilio', 'twilio_api_v2010.trimmed.json');
const lookups = vendorDocument('twilio', 'twilio_lookups_v2.trimmed.json');
const MESSAGES = '/2010-04-01/Accounts/{AccountSid}/Messages.json';
const PHONE_NUMBER = '/v2/PhoneNumbers/{PhoneNumber}';

const account = { accountSid: `AC${'0123456789abcdef'.repeat(2)}`, authToken: 'contract-auth-token-0123' };

let messagesPrism: Prism;
let lookupsPrism: Prism;
/** In front of Lookup's Prism: which of the document's examples it answers with. */
let lookupsProxy: Awaited<ReturnType<typeof startRewritingProxy>>;
let lookupExample: string | undefined;

beforeAll(async () => {
  [messagesPrism, lookupsPrism] = await Promise.all([
    startPrism(messages.path),
    // Lookup's own examples break its own schema (below), and Prism with --errors answers a 500 instead of
    // them: so this Prism only logs what it finds, and the requests' violations fail the test from the log.
    startPrism(lookups.path, { errors: false }),
  ]);
  lookupsProxy = await startRewritingProxy(lookupsPrism.url, undefined, () => lookupExample);
});
afterAll(async () => {
  await lookupsProxy?.close();
  await Promise.all([messagesPrism?.close(), lookupsPrism?.close()]);
});
/**
 * Where Twilio's Lookup v2 document contradicts itself: its example answers (Twilio's real answers) give null
 * for the data packages not asked for and for validation_errors of a valid number, where its schema says an
 * object or an array and does not allow null. The adapter reads neither. Should Twilio fix its document, this
 * list shrinks and the test says so: Lookup's Prism can then run with --errors like the others.
 */
const LOOKUP_SCHEMA_BREAKS_ITS_EXAMPLES = [
  'validation_errors must be array',
  'caller_name must be object',
  'sim_swap must be object',
  'call_forwarding must be object',
  'line_type_intelligence must be object',
  'line_status must be object',
  'identity_match must be object',
  'reassigned_number must be object',
  'sms_pumping_risk must be object',
];

afterEach(async () => {
  lookupExample = undefined;
  lookupsProxy.requests.length = 0;
  const lookupViolations = await lookupsPrism.takeViolations();
  // Anything Prism found wrong in a request of this test fails it, even what Prism only warns about.
  expect([
    ...(await messagesPrism.takeViolations()),
    ...lookupViolations.filter((v) => !v.includes(': response.body')),
  ]).toEqual([]);
  for (const v of lookupViolations.filter((v) => v.includes(': response.body')))
    expect(
      LOOKUP_SCHEMA_BREAKS_ITS_EXAMPLES.some((known) => v.endsWith(known)),
      v,
    ).toBe(true);
});

describe("the Twilio SMS adapter against Twilio's published Messages API document", () => {
  it('sends from a number as "Send a message" documents, and reads the sid of the documented answer', async () => {
    const sms = createTwilioSms({ ...account, baseUrl: messagesPrism.url, sender: { from: '+12025550100' } });
    const { id } = await sms.send({
      to: '+12025550143',
      body: 'Your offer is ready. Reply STOP to opt out.',
    });
    expect(id).toBe(field(documentedExample(messages.json, 'POST', MESSAGES), 'sid'));
  });

  it('sends through a Messaging Service as documented', async () => {
    const sms = createTwilioSms({
      ...account,
      baseUrl: messagesPrism.url,
      sender: { messagingServiceSid: `MG${'fedcba9876543210'.repeat(2)}` },
    });
    const { id } = await sms.send({ to: '+12025550143', body: 'Hola: su oferta está lista.' });
    expect(id).toMatch(/^SM[0-9a-fA-F]{32}$/);
  });
});

describe("the Twilio phone lookup adapter against Twilio's published Lookup v2 document", () => {
  it('fetches a number as documented and takes the documented valid US answer as valid', async () => {
    const lookup = createTwilioPhoneLookup({ ...account, baseUrl: lookupsProxy.url });
    await expect(lookup.verify('+12025550143')).resolves.toEqual({ isValid: true });
    // The number in the path as E.164, as the document's own example URL has it (/v2/PhoneNumbers/+14159929960).
    expect(lookupsProxy.requests).toEqual(['GET /v2/PhoneNumbers/+12025550143']);
  });

  it('still finds the schema breaks of Lookup’s examples that keep its Prism from refusing requests', async () => {
    const lookup = createTwilioPhoneLookup({ ...account, baseUrl: lookupsProxy.url });
    await lookup.verify('+12025550143');
    const found = (await lookupsPrism.takeViolations()).filter((v) => v.includes(': response.body'));
    expect(found.map((v) => LOOKUP_SCHEMA_BREAKS_ITS_EXAMPLES.find((known) => v.endsWith(known)))).toEqual(
      LOOKUP_SCHEMA_BREAKS_ITS_EXAMPLES,
    );
  });

  it('is refused by Lookup without the account’s credentials (the document’s security)', async () => {
    const answer = await fetch(`${lookupsPrism.url}/v2/PhoneNumbers/%2B12025550143`);
    expect(answer.status).toBe(401);
    await lookupsPrism.takeViolations();
  });

  it('takes the documented answer for an invalid number ("fetchInvalid": valid false) as invalid', async () => {
    lookupExample = 'fetchInvalid';
    expect(field(documentedExample(lookups.json, 'GET', PHONE_NUMBER, 'fetchInvalid'), 'valid')).toBe(false);
    const lookup = createTwilioPhoneLookup({ ...account, baseUrl: lookupsProxy.url });
    await expect(lookup.verify('+12025550143')).resolves.toEqual({ isValid: false });
  });
});

describe('TWILIO_API_URL', () => {
  it('sends texts and lookups to the stand-in it names, as a staging server would', async () => {
    const config = (url: string) =>
      loadConfig({
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-twilio-contract-')),
        SMS_PROVIDER: 'twilio',
        PHONE_LOOKUP_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: account.accountSid,
        TWILIO_AUTH_TOKEN: account.authToken,
        TWILIO_FROM: '+12025550100',
        TWILIO_API_URL: url,
      });
    const { id } = await createSms(config(messagesPrism.url)).send({ to: '+12025550143', body: 'Hello' });
    expect(id).toMatch(/^SM/);
    await expect(createPhoneLookup(config(lookupsProxy.url)).verify('+12025550143')).resolves.toEqual({
      isValid: true,
    });
    expect(lookupsProxy.requests).toEqual(['GET /v2/PhoneNumbers/+12025550143']);
  });
});
