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
  TIMESTAMP_HEADER,
  verifyPartnerWebhookSignature,
  type PartnerWebhookEvent,
} from './partner-webhook';
import { signAgencyEvent } from './agency-events-webhook';

// The partner webhook's signing and delivery, its configuration, and the hand-over rule.

const SECRET = 'a-shared-secret-of-at-least-32-characters';

describe('signPartnerWebhook', () => {
  it('is sha256= and the hex HMAC-SHA256 of the timestamp, a dot and the exact body', () => {
    // Worked example: this timestamp, body and SECRET, signed once by hand (`printf '%s.%s' "$ts" "$body" |
    // openssl dgst -sha256 -hmac "$SECRET"`) and pasted here, so a change to how the code signs fails the test.
    const body = '{"id":"evt_1","type":"application.transfer"}';
    expect(signPartnerWebhook('1796385600', body, SECRET)).toBe(
      'sha256=75c0e2c585a9d7d8111732f072030c7f56cf187d368b075a89084e67e9e2255c',
    );
  });

  it('is the signature the agency signs its events with', () => {
    expect(signPartnerWebhook).toBe(signAgencyEvent);
  });

  const NOW = new Date('2026-12-01T15:00:00Z');
  const TS = String(NOW.getTime() / 1000);
  it.each([
    ['the same body, moment and secret', '{"a":1}', TS, SECRET, true],
    ['a changed body', '{"a":2}', TS, SECRET, false],
    ['another moment', '{"a":1}', String(Number(TS) + 1), SECRET, false],
    ['another secret', '{"a":1}', TS, `${SECRET}!`, false],
  ])('verifies with %s: %s', (_name, body, timestamp, secret, ok) => {
    const signature = signPartnerWebhook(TS, '{"a":1}', SECRET);
    expect(verifyPartnerWebhookSignature({ body, secret, timestamp, signature, now: NOW })).toBe(ok);
  });

  it('refuses a missing or truncated header, and a moment more than five minutes away', () => {
    const verify = (timestamp: string | undefined, signature: string | undefined, now = NOW) =>
      verifyPartnerWebhookSignature({ body: '{}', secret: SECRET, timestamp, signature, now });
    const good = signPartnerWebhook(TS, '{}', SECRET);
    expect(verify(TS, undefined)).toBe(false);
    expect(verify(undefined, good)).toBe(false);
    expect(verify(TS, good.slice(0, 20))).toBe(false);
    expect(verify(TS, good, new Date(NOW.getTime() + 300_000))).toBe(true);
    expect(verify(TS, good, new Date(NOW.getTime() + 301_000))).toBe(false);
    expect(verify(TS, good, new Date(NOW.getTime() - 301_000))).toBe(false);
  });
});

describe('deliverPartnerWebhook', () => {
  const delivery = { eventId: 'evt-1', body: '{"id":"evt-1"}' };

  it('POSTs the body with its timestamp, signature and event id', async () => {
    const fetch = vi.fn(async () => new Response('ok', { status: 202 }));
    const status = await deliverPartnerWebhook({
      url: 'https://crm.example.org/hooks',
      secret: SECRET,
      delivery,
      fetch,
      now: () => new Date('2026-12-01T15:00:00.750Z'),
    });
    expect(status).toBe(202);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://crm.example.org/hooks');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(delivery.body);
    const headers = init.headers as Record<string, string>;
    // Whole seconds, rounded down.
    expect(headers[TIMESTAMP_HEADER]).toBe('1796137200');
    // HMAC-SHA256 of '1796137200.{"id":"evt-1"}' with SECRET, computed once with openssl and pasted.
    expect(headers[SIGNATURE_HEADER]).toBe(
      'sha256=aa82c577d1aca83288156e977ceea2c2de32545b21a89f679376f3d1be80f907',
    );
    expect(headers[EVENT_ID_HEADER]).toBe('evt-1');
    expect(headers['x-event-type']).toBe(PARTNER_WEBHOOK_EVENT_TYPE);
    expect(headers['content-type']).toBe('application/json');
  });

  it('signs each attempt at its own moment, so a retry is not refused as old', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    const send = (at: string) =>
      deliverPartnerWebhook({
        url: 'https://crm.example.org/hooks',
        secret: SECRET,
        delivery,
        fetch,
        now: () => new Date(at),
      });
    await send('2026-12-01T15:00:00Z');
    await send('2026-12-02T09:30:00Z');
    const sent = fetch.mock.calls.map(
      (c) => (c as unknown as [string, RequestInit])[1].headers as Record<string, string>,
    );
    expect(sent[0]![TIMESTAMP_HEADER]).not.toBe(sent[1]![TIMESTAMP_HEADER]);
    for (const headers of sent) {
      expect(
        verifyPartnerWebhookSignature({
          body: delivery.body,
          secret: SECRET,
          timestamp: headers[TIMESTAMP_HEADER],
          signature: headers[SIGNATURE_HEADER],
          now: new Date(Number(headers[TIMESTAMP_HEADER]) * 1000),
        }),
      ).toBe(true);
    }
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
