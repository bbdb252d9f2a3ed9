import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneLookupContract } from '#tests/contracts/phone-lookup.contract';
import { startTwilioFake, type TwilioFake } from '#tests/fakes/twilio-fake';
import { createTwilioPhoneLookup } from './twilio';

let fake: TwilioFake;
beforeAll(async () => {
  fake = await startTwilioFake();
});
afterAll(async () => {
  await fake?.close();
});

const adapter = (authToken = fake.authToken) =>
  createTwilioPhoneLookup({ accountSid: fake.accountSid, authToken, baseUrl: fake.baseUrl });

phoneLookupContract(() => adapter());

describe('twilio phone lookup (against the local fake of Lookup v2)', () => {
  it('asks GET /v2/PhoneNumbers/{number} with Basic auth and no paid data packages', async () => {
    await expect(adapter().verify('+12025550143')).resolves.toEqual({ isValid: true });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v2/PhoneNumbers/+12025550143',
      params: {},
    });
  });

  it('answers invalid when Lookup says the number is not valid', async () => {
    await expect(adapter().verify('+19995550143')).resolves.toEqual({ isValid: false });
  });

  it('answers invalid for a number Lookup places outside the US', async () => {
    fake.replyOnce(200, {
      calling_country_code: '1',
      country_code: 'CA',
      phone_number: '+14165550143',
      national_format: '(416) 555-0143',
      valid: true,
      validation_errors: [],
    });
    await expect(adapter().verify('+14165550143')).resolves.toEqual({ isValid: false });
  });

  it('rejects (so the caller retries) on wrong credentials or an outage, without the number', async () => {
    const wrong = adapter('not-the-auth-token').verify('+12025550143');
    await expect(wrong).rejects.toMatchObject({ status: 401, code: 20003 });
    await expect(wrong).rejects.not.toThrow('2025550143');
    fake.replyOnce(503, { code: 20500, message: 'Service unavailable', more_info: '', status: 503 });
    await expect(adapter().verify('+12025550143')).rejects.toMatchObject({ status: 503 });
  });
});
