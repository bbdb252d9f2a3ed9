import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_ATTEMPT_LABELS, CONTACT_ATTEMPT_REASON_LABELS } from '#domain/validation/staff';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
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
let user: UserEvent;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  saved = [];
  reply = { status: 201, body: view() };
  calls = answerApi({ [PATH]: () => reply });
  consoleError = vi.spyOn(console, 'error');
  ({ user } = renderRoutes(
    [
      {
        path: '/borrower-summary',
        element: <ContactAttemptForm applicationId={APP_ID} onSaved={(v) => saved.push(v)} />,
      },
    ],
    '/borrower-summary',
  ));
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

const click = (element: HTMLElement) => user.click(element);
const choice = (text: string) => screen.getByLabelText<HTMLInputElement>(text);
const outcome = () => screen.getByLabelText<HTMLTextAreaElement>(CONTACT_ATTEMPT_LABELS.outcome);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const status = () => screen.queryByRole('status')?.textContent;
const save = () => click(screen.getByRole('button', { name: 'Save contact attempt' }));

async function fill(method: 'Phone' | 'Text message') {
  await click(choice(method));
  await user.type(outcome(), ' Left a voicemail ');
  await click(choice('No'));
}

describe('ContactAttemptForm', () => {
  it('requires the method, the outcome and the offer question', async () => {
    await save();
    await waitFor(() =>
      expect(alerts()).toEqual([
        `${CONTACT_ATTEMPT_LABELS.method} is required`,
        `${CONTACT_ATTEMPT_LABELS.didTheBorrowerReceiveAnOffer} is required`,
      ]),
    );
    expect(outcome()).toHaveAccessibleDescription(/Outcome is required/);
    expect(choice('Phone')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('sends a phone attempt with every reason box, then clears the form for the next one', async () => {
    await fill('Phone');
    await click(choice(CONTACT_ATTEMPT_REASON_LABELS.verifyIncome));
    await click(choice(CONTACT_ATTEMPT_REASON_LABELS.validateProposedBudget));
    await save();
    await waitFor(() => expect(status()).toBe(CONTACT_ATTEMPT_SAVED));
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
    expect(choice('Phone').checked).toBe(false);
    expect(outcome()).toHaveValue('');
    expect(choice(CONTACT_ATTEMPT_REASON_LABELS.verifyIncome).checked).toBe(false);
  });

  it('sends one idempotency key per attempt, the same on a retry, a new one after a save', async () => {
    reply = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await fill('Phone');
    await save();
    await waitFor(() => expect(alerts()).toHaveLength(1));
    reply = { status: 201, body: view() };
    await save();
    await waitFor(() => expect(status()).toBe(CONTACT_ATTEMPT_SAVED));
    await fill('Phone');
    await save();
    await waitFor(() => expect(calls).toHaveLength(3));
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
    await waitFor(() => expect(status()).toBe(`${CONTACT_ATTEMPT_SAVED} ${message}`));
    expect(calls.map((c) => (c.body as { method: string }).method)).toEqual(['textMessage']);
  });

  it('shows a failure and keeps the answers', async () => {
    reply = {
      status: 404,
      body: { code: 'NotFound', message: 'We could not find what you were looking for.' },
    };
    await fill('Phone');
    await save();
    await waitFor(() => expect(alerts()).toEqual(['We could not find what you were looking for.']));
    expect(status()).toBeUndefined();
    expect(choice('Phone').checked).toBe(true);
    expect(saved).toEqual([]);
  });

  it('shows a network failure', async () => {
    calls = answerApi({ [PATH]: 'network-error' });
    await fill('Phone');
    await save();
    await waitFor(() =>
      expect(alerts()).toEqual(['Network Connection Error: Please check your internet connection']),
    );
  });
});
