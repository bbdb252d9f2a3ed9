import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsContract } from '#tests/contracts/sms.contract';
import { startTwilioFake, type TwilioFake } from '#tests/fakes/twilio-fake';
import { TwilioApiError } from '#providers/twilio/client';
import { isRecipientOptedOut } from './port';
import { createTwilioSms } from './twilio';

let fake: TwilioFake;
beforeAll(async () => {
  fake = await startTwilioFake();
});
afterAll(async () => {
  await fake?.close();
});

const FROM = '+12025550100';
const adapter = (overrides: { authToken?: string } = {}) =>
  createTwilioSms({
    accountSid: fake.accountSid,
    authToken: overrides.authToken ?? fake.authToken,
    baseUrl: fake.baseUrl,
    sender: { from: FROM },
  });

smsContract(() => adapter());

describe('twilio sms (against the local fake of the Messages API)', () => {
  it('posts To, From and Body form-encoded to the account’s Messages.json with Basic auth, and answers the sid', async () => {
    const { id } = await adapter().send({ to: '+12025550143', body: 'Your offer is ready.' });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${fake.accountSid}/Messages.json`,
      params: { To: '+12025550143', From: FROM, Body: 'Your offer is ready.' },
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`,
    );
    expect(id).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('sends through a Messaging Service when one is configured instead of a number', async () => {
    const sms = createTwilioSms({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      baseUrl: fake.baseUrl,
      sender: { messagingServiceSid: `MG${'a'.repeat(32)}` },
    });
    await sms.send({ to: '+12025550143', body: 'Hello' });
    expect(fake.requests.at(-1)?.params).toEqual({
      To: '+12025550143',
      Body: 'Hello',
      MessagingServiceSid: `MG${'a'.repeat(32)}`,
    });
  });

  it('makes no call for a malformed number or body', async () => {
    const before = fake.requests.length;
    await expect(adapter().send({ to: '202-555-0143', body: 'Hello' })).rejects.toThrow('not a US number');
    await expect(adapter().send({ to: '+12025550143', body: '  ' })).rejects.toThrow('empty');
    expect(fake.requests).toHaveLength(before);
  });

  it('rejects with Twilio’s status and code, never the number, when Twilio refuses', async () => {
    fake.optedOut.add('+13105550150');
    const refused = adapter().send({ to: '+13105550150', body: 'Hello' });
    await expect(refused).rejects.toBeInstanceOf(TwilioApiError);
    await expect(refused).rejects.toMatchObject({ status: 400, code: 21610 });
    await expect(refused).rejects.not.toThrow('3105550150');
    // 21610 is the recipient's own opt-out at Twilio: marked so the outbox records it instead of retrying.
    expect(isRecipientOptedOut(await refused.catch((e: unknown) => e))).toBe(true);

    const wrongToken = adapter({ authToken: 'not-the-auth-token' }).send({ to: '+12025550143', body: 'Hi' });
    await expect(wrongToken).rejects.toMatchObject({ status: 401, code: 20003 });
    await expect(wrongToken).rejects.not.toThrow('not-the-auth-token');
    expect(isRecipientOptedOut(await wrongToken.catch((e: unknown) => e))).toBe(false);
  });

  it('rejects when Twilio is down, so the outbox retries', async () => {
    fake.replyOnce(503, { code: 20500, message: 'Internal Server Error', more_info: '', status: 503 });
    await expect(adapter().send({ to: '+12025550143', body: 'Hello' })).rejects.toMatchObject({
      status: 503,
    });
    const closed = createTwilioSms({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      baseUrl: 'http://127.0.0.1:1',
      sender: { from: FROM },
    });
    await expect(closed.send({ to: '+12025550143', body: 'Hello' })).rejects.toThrow('could not be reached');
  });
});
