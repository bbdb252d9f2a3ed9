import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_ATTEMPT_LABELS, CONTACT_ATTEMPT_REASON_LABELS } from '#domain/validation/staff';
import {
  byLabel,
  buttonByName,
  describedText,
  mockApi,
  mountRoutes,
  settle,
  typeInto,
  type ApiCall,
} from '../../components/ui/form/dom-test-helpers';
import {
  CONTACT_ATTEMPT_SAVED,
  CONTACT_TEXT_OUTCOME_MESSAGES,
  ContactAttemptForm,
} from './contact-attempt-form';

const APP_ID = '3f1c2a4e-0000-4000-8000-0000000000cc';
const PATH = `POST /api/staff/applications/${APP_ID}/contact-attempts`;
const view = (over: Record<string, unknown> = {}) => ({
  id: 'attempt-1',
  applicationId: APP_ID,
  contactedBy: 'staff-1',
  createdAt: '2025-03-04T15:00:00.000Z',
  method: 'phone',
  outcome: 'Left a voicemail',
  didTheBorrowerReceiveAnOffer: false,
  reasons: [],
  ...over,
});

let calls: ApiCall[];
let reply: { status: number; body?: unknown };
let saved: unknown[];
let mounted: ReturnType<typeof mountRoutes>;
let consoleError: ReturnType<typeof vi.spyOn>;
const realFetch = globalThis.fetch;

beforeEach(async () => {
  saved = [];
  reply = { status: 201, body: view() };
  calls = mockApi({ [PATH]: () => reply });
  consoleError = vi.spyOn(console, 'error');
  mounted = mountRoutes(
    [
      {
        path: '/borrower-summary',
        element: <ContactAttemptForm applicationId={APP_ID} onSaved={(v) => saved.push(v)} />,
      },
    ],
    '/borrower-summary',
  );
  await settle();
});

afterEach(() => {
  mounted.unmount();
  document.body.innerHTML = '';
  globalThis.fetch = realFetch;
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}
const choice = (text: string) => {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  const input =
    label?.querySelector('input') ?? (label?.htmlFor ? document.getElementById(label.htmlFor) : null);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no choice '${text}'`);
  return input;
};
const alerts = () => [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
const status = () => document.querySelector('[role="status"]')?.textContent;
const save = () => click(buttonByName('Save contact attempt'));

async function fill(method: 'Phone' | 'Text message') {
  await click(choice(method));
  typeInto(byLabel(CONTACT_ATTEMPT_LABELS.outcome), ' Left a voicemail ');
  await click(choice('No'));
}

describe('ContactAttemptForm', () => {
  it('requires the method, the outcome and the offer question', async () => {
    await save();
    expect(alerts()).toEqual([
      `${CONTACT_ATTEMPT_LABELS.method} is required`,
      `${CONTACT_ATTEMPT_LABELS.didTheBorrowerReceiveAnOffer} is required`,
    ]);
    expect(describedText(byLabel(CONTACT_ATTEMPT_LABELS.outcome))).toContain('Outcome is required');
    expect(document.activeElement).toBe(choice('Phone'));
    expect(calls).toEqual([]);
  });

  it('sends a phone attempt with every reason box, then clears the form for the next one', async () => {
    await fill('Phone');
    await click(choice(CONTACT_ATTEMPT_REASON_LABELS.verifyIncome));
    await click(choice(CONTACT_ATTEMPT_REASON_LABELS.validateProposedBudget));
    await save();
    expect(calls.map((c) => c.body)).toEqual([
      {
        method: 'phone',
        outcome: 'Left a voicemail',
        didTheBorrowerReceiveAnOffer: false,
        reasons: {
          validateProposedBudget: true,
          verifyAnExpense: false,
          verifyConsumerIdentity: false,
          verifyIncome: true,
        },
      },
    ]);
    expect(saved).toEqual([reply.body]);
    expect(status()).toBe(CONTACT_ATTEMPT_SAVED);
    expect(choice('Phone').checked).toBe(false);
    expect(byLabel(CONTACT_ATTEMPT_LABELS.outcome).value).toBe('');
    expect(choice(CONTACT_ATTEMPT_REASON_LABELS.verifyIncome).checked).toBe(false);
  });

  it('sends one idempotency key per attempt, the same on a retry, a new one after a save', async () => {
    reply = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await fill('Phone');
    await save();
    reply = { status: 201, body: view() };
    await save();
    await fill('Phone');
    await save();
    const keys = calls.map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it.each([
    ['queued', CONTACT_TEXT_OUTCOME_MESSAGES.queued],
    ['optedOut', 'No text message was sent: the borrower opted out of text messages.'],
    ['noPhone', CONTACT_TEXT_OUTCOME_MESSAGES.noPhone],
  ] as const)('a text-message attempt answered %s says so', async (textMessage, message) => {
    reply = { status: 201, body: view({ method: 'textMessage', textMessage }) };
    await fill('Text message');
    await save();
    expect(calls.map((c) => (c.body as { method: string }).method)).toEqual(['textMessage']);
    expect(status()).toBe(`${CONTACT_ATTEMPT_SAVED} ${message}`);
  });

  it('shows a failure and keeps the answers', async () => {
    reply = {
      status: 404,
      body: { code: 'NotFound', message: 'We could not find what you were looking for.' },
    };
    await fill('Phone');
    await save();
    expect(alerts()).toEqual(['We could not find what you were looking for.']);
    expect(status()).toBeUndefined();
    expect(choice('Phone').checked).toBe(true);
    expect(saved).toEqual([]);
  });

  it('shows a network failure', async () => {
    calls = mockApi({ [PATH]: 'network-error' });
    await fill('Phone');
    await save();
    expect(alerts()).toEqual(['Network Connection Error: Please check your internet connection']);
  });
});
