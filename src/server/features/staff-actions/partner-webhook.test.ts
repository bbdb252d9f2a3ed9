import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '#server/env';
import { planHandOver } from '#domain/flow/plan-hand-over';
import {
  PARTNER_HAND_OVER_ENVELOPE,
  PARTNER_HAND_OVER_PARTS,
  type PartnerHandOverPart,
} from '#domain/flow/partner-hand-over';
import {
  deliverPartnerWebhook,
  EVENT_ID_HEADER,
  PARTNER_WEBHOOK_EVENT_TYPE,
  SIGNATURE_HEADER,
  signPartnerWebhook,
  verifyPartnerWebhookSignature,
  type PartnerWebhookEvent,
} from './partner-webhook';

// The partner webhook's signing and delivery, its configuration, and the hand-over rule.

const SECRET = 'a-shared-secret-of-at-least-32-characters';

describe('signPartnerWebhook', () => {
  it('is sha256= and the hex HMAC-SHA256 of the exact body', () => {
    // Worked example: this body and SECRET, signed once by hand (`printf %s "$body" | openssl dgst -sha256
    // -hmac "$SECRET"`) and pasted here, so a change to how the code signs fails the test.
    const body = '{"id":"evt_1","type":"application.transfer"}';
    expect(signPartnerWebhook(body, SECRET)).toBe(
      'sha256=aa0fc54b2ee91260b7f79a6fd5f0ee803d48239d65ecba5c27bb14bf9fbb69ae',
    );
    // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
    expect(signPartnerWebhook('what do ya want for nothing?', 'Jefe')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it.each([
    ['the same body and secret', '{"a":1}', SECRET, true],
    ['a changed body', '{"a":2}', SECRET, false],
    ['another secret', '{"a":1}', `${SECRET}!`, false],
  ])('verifies with %s: %s', (_name, body, secret, ok) => {
    const header = signPartnerWebhook('{"a":1}', SECRET);
    expect(verifyPartnerWebhookSignature(body, secret, header)).toBe(ok);
  });

  it('refuses a missing or truncated header', () => {
    expect(verifyPartnerWebhookSignature('{}', SECRET, undefined)).toBe(false);
    expect(verifyPartnerWebhookSignature('{}', SECRET, signPartnerWebhook('{}', SECRET).slice(0, 20))).toBe(
      false,
    );
  });
});

describe('deliverPartnerWebhook', () => {
  const delivery = { eventId: 'evt-1', body: '{"id":"evt-1"}' };

  it('POSTs the body with its signature and event id', async () => {
    const fetch = vi.fn(async () => new Response('ok', { status: 202 }));
    const status = await deliverPartnerWebhook({
      url: 'https://crm.example.org/hooks',
      secret: SECRET,
      delivery,
      fetch,
    });
    expect(status).toBe(202);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://crm.example.org/hooks');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(delivery.body);
    const headers = init.headers as Record<string, string>;
    // HMAC-SHA256 of '{"id":"evt-1"}' with SECRET, computed once and pasted.
    expect(headers[SIGNATURE_HEADER]).toBe(
      'sha256=239dad646e1466ea27c2d147000abd8ab08714050c9025182c9f880e2e2ff5a1',
    );
    expect(headers[EVENT_ID_HEADER]).toBe('evt-1');
    expect(headers['x-event-type']).toBe(PARTNER_WEBHOOK_EVENT_TYPE);
    expect(headers['content-type']).toBe('application/json');
  });

  it.each([500, 404, 301])('throws on a %i answer so the job queue retries', async (code) => {
    const fetch = vi.fn(async () => new Response(null, { status: code }));
    await expect(
      deliverPartnerWebhook({ url: 'https://crm.example.org/hooks', secret: SECRET, delivery, fetch }),
    ).rejects.toThrow(`The partner answered ${code}`);
  });

  it('throws when the partner cannot be reached', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(
      deliverPartnerWebhook({ url: 'https://crm.example.org/hooks', secret: SECRET, delivery, fetch }),
    ).rejects.toThrow('fetch failed');
  });
});

describe('PARTNER_WEBHOOK_URL and PARTNER_WEBHOOK_SECRET', () => {
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'dmp-env-'));

  it('is off when no URL is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).partnerWebhook).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), PARTNER_WEBHOOK_URL: '' }).partnerWebhook).toBeUndefined();
  });

  it('reads the URL with its secret', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PARTNER_WEBHOOK_URL: 'https://crm.example.org/hooks',
      PARTNER_WEBHOOK_SECRET: SECRET,
    });
    expect(config.partnerWebhook).toEqual({ url: 'https://crm.example.org/hooks', secret: SECRET });
  });

  it.each([
    [{ PARTNER_WEBHOOK_URL: 'https://crm.example.org/hooks' }, /PARTNER_WEBHOOK_SECRET: required/],
    [
      { PARTNER_WEBHOOK_URL: 'ftp://crm.example.org', PARTNER_WEBHOOK_SECRET: SECRET },
      /PARTNER_WEBHOOK_URL:/,
    ],
    [
      { PARTNER_WEBHOOK_URL: 'https://crm.example.org', PARTNER_WEBHOOK_SECRET: 'short' },
      /PARTNER_WEBHOOK_SECRET:/,
    ],
  ])('stops at boot for %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});

describe('planHandOver', () => {
  const answered = (status: 'accepted' | 'declined' | null, declinedByBorrower = false) => ({
    status,
    declinedByBorrower,
  });

  it.each([
    ['no offers', [], { kind: 'waiting' }],
    ['an unanswered offer', [answered('accepted'), answered(null)], { kind: 'waiting' }],
    ['every offer declined', [answered('declined'), answered('declined')], { kind: 'allDeclined' }],
    [
      'two accepted, one declined',
      [answered('accepted'), answered('accepted'), answered('declined')],
      { kind: 'transfer' },
    ],
    ['one accepted', [answered('accepted')], { kind: 'transfer' }],
    // An offer the borrower left out is never sent to its creditor: it waits for no answer.
    [
      'one accepted, one left out by the borrower',
      [answered('accepted'), answered(null, true)],
      { kind: 'transfer' },
    ],
    ['only offers left out', [answered(null, true)], { kind: 'waiting' }],
  ])('%s', (_name, offers, plan) => {
    expect(planHandOver(offers as Parameters<typeof planHandOver>[0])).toEqual(plan);
  });
});

describe('what staff are told the agency receives', () => {
  it('names every part of the event, and nothing it does not send', () => {
    // Checked by the type checker: a part added to the event (or to the words) without the other fails it.
    type EventParts = Exclude<keyof PartnerWebhookEvent, (typeof PARTNER_HAND_OVER_ENVELOPE)[number]>;
    expectTypeOf<EventParts>().toEqualTypeOf<PartnerHandOverPart>();
    expect(Object.keys(PARTNER_HAND_OVER_PARTS)).toEqual([
      'borrower',
      'spouse',
      'enrollment',
      'acceptedOffers',
    ]);
    // Account and routing numbers are never promised in full.
    expect(PARTNER_HAND_OVER_PARTS.acceptedOffers).toContain('last 4 digits');
  });
});
