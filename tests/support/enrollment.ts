import { expect } from 'vitest';
import { ELECTRONIC_RECORDS_CONSENT_VERSION } from '#domain/enrollment/electronic-records-consent';
import {
  SANDBOX_BANK_INSTITUTION_IDS,
  SANDBOX_BANK_PASSWORD,
  SANDBOX_BANK_USERS,
} from '#providers/bank-link/sandbox';
import type { TestApp } from '#tests/setup/test-app';
import { acceptPlan, type Client } from './borrower-flow';
import { qualifiedBorrower } from './staff-actions';

// A borrower driven through the payment pages by their API, as the browser would: the offers' Continue, next
// steps, a bank connected in the sandbox dialog or an account entered by hand, and the letter signed.

/** A qualified borrower who pressed Continue on /offers/review and on /payments/next-steps. */
export async function atPaymentOptions(t: TestApp, lastName = 'Doe') {
  const b = await qualifiedBorrower(t, lastName);
  expect((await acceptPlan(b.client)).json()).toEqual({
    next: '/payments/next-steps',
  });
  expect((await b.client.post('/api/application/payments/next-steps')).json()).toEqual({
    next: '/payments/payment-account-options',
  });
  return b;
}

/** Connects a sandbox bank in the dialog's steps and answers the public token. */
export async function sandboxPublicToken(
  client: Client,
  o: { institutionId?: string; username?: string } = {},
) {
  const { linkToken } = (await client.post('/api/bank-link/link-token')).json() as { linkToken: string };
  const institutionId = o.institutionId ?? SANDBOX_BANK_INSTITUTION_IDS.firstPlatypus;
  const username = o.username ?? SANDBOX_BANK_USERS.good;
  const signIn = await client.post('/api/bank-link/sandbox/sign-in', {
    linkToken,
    institutionId,
    username,
    password: SANDBOX_BANK_PASSWORD,
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const accountIds = (signIn.json().accounts as { accountId: string }[]).map((a) => a.accountId);
  const res = await client.post('/api/bank-link/sandbox/public-token', {
    linkToken,
    institutionId,
    username,
    accountIds,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().publicToken as string;
}

/** The token of the newest signing link emailed to `to` (it travels in the link's fragment). */
export async function signingToken(t: TestApp, to: string): Promise<string> {
  const link = (await t.emailsTo(to)).reverse().find((r) => r.kind === 'sign-letter');
  const url = new URL(link!.links[0]!.url);
  expect(url.pathname).toBe('/sign-letter');
  return new URLSearchParams(url.hash.slice(1)).get('t')!;
}

/**
 * What the signing page does before the signature: opens the letter's PDF (proof the signer can read it), then
 * consents to electronic records with the current disclosures' version. Signing is refused without it.
 */
export async function openLetterAndConsent(t: TestApp, token: string): Promise<void> {
  const client = t.client();
  const document = await client.post('/api/signing/document', { token });
  expect(document.statusCode, document.body).toBe(200);
  const consent = await client.post('/api/signing/consent', {
    token,
    version: ELECTRONIC_RECORDS_CONSENT_VERSION,
    agreed: true,
  });
  expect(consent.statusCode, consent.body).toBe(200);
}
