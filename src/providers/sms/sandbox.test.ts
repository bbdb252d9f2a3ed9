import { describe, expect, it } from 'vitest';
import { smsContract } from '#tests/contracts/sms.contract';
import {
  createSandboxSms,
  MAX_SMS_BODY_LENGTH,
  SANDBOX_SMS_KEPT,
  SANDBOX_SMS_UNDELIVERABLE_AREA_CODE,
} from './sandbox';

smsContract(createSandboxSms);

describe('sandbox sms (docs/providers.md)', () => {
  it('keeps each text it accepts, newest last, with the time it was sent', async () => {
    let clock = Date.UTC(2026, 2, 15, 9, 0);
    const sms = createSandboxSms({ now: () => new Date((clock += 60_000)) });
    const first = await sms.send({ to: '+12025550143', body: 'Your offer is ready.' });
    const second = await sms.send({ to: '+13105550150', body: 'Reply STOP to opt out.' });
    expect(sms.sent()).toEqual([
      {
        id: first.id,
        to: '+12025550143',
        body: 'Your offer is ready.',
        sentAt: new Date('2026-03-15T09:01:00Z'),
      },
      {
        id: second.id,
        to: '+13105550150',
        body: 'Reply STOP to opt out.',
        sentAt: new Date('2026-03-15T09:02:00Z'),
      },
    ]);
    expect(first.id).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('keeps nothing it refused, and each sandbox its own texts', async () => {
    const sms = createSandboxSms();
    await expect(sms.send({ to: '202-555-0143', body: 'Hello' })).rejects.toThrow('is not a US number');
    await expect(sms.send({ to: '+12025550143', body: ' ' })).rejects.toThrow('body is empty');
    await expect(sms.send({ to: '+12025550143', body: 'x'.repeat(MAX_SMS_BODY_LENGTH + 1) })).rejects.toThrow(
      'longer than 1600',
    );
    await sms.send({ to: '+12025550143', body: 'x'.repeat(MAX_SMS_BODY_LENGTH) });
    expect(sms.sent()).toHaveLength(1);
    expect(createSandboxSms().sent()).toEqual([]);
  });

  it.each(['+19995550143', '+19992345678'])(
    'refuses %s: area code 999 is the undeliverable persona',
    async (to) => {
      const sms = createSandboxSms();
      await expect(sms.send({ to, body: 'Hello' })).rejects.toThrow('could not be reached');
      expect(sms.sent()).toEqual([]);
      expect(SANDBOX_SMS_UNDELIVERABLE_AREA_CODE).toBe('999');
    },
  );

  it(`keeps only the newest ${SANDBOX_SMS_KEPT}`, async () => {
    const sms = createSandboxSms();
    for (let i = 0; i < SANDBOX_SMS_KEPT + 20; i += 1)
      await sms.send({ to: '+12025550143', body: `text ${i}` });
    const sent = sms.sent();
    expect(sent).toHaveLength(500);
    expect(sent[0]?.body).toBe('text 20');
    expect(sent.at(-1)?.body).toBe(`text ${SANDBOX_SMS_KEPT + 19}`);
  });

  it('hands out copies: a reader cannot change what was sent', async () => {
    const sms = createSandboxSms();
    await sms.send({ to: '+12025550143', body: 'Hello' });
    const [copy] = sms.sent();
    copy?.sentAt.setFullYear(1999);
    expect(sms.sent()[0]?.sentAt.getFullYear()).not.toBe(1999);
  });
});
