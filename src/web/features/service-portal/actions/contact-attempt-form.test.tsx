import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_ATTEMPT_LABELS,
  CONTACT_ATTEMPT_REASON_LABELS,
  CONTACT_OUTCOME_LABELS,
} from '#domain/validation/staff';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  CONTACT_ATTEMPT_SAVED,
  CONTACT_OFFER_QUESTION_HINT,
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
  outcome: 'leftVoicemail',
  notes: null,
  didTheBorrowerReceiveAnOffer: null,
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
const notes = () => screen.getByLabelText<HTMLTextAreaElement>(`${CONTACT_ATTEMPT_LABELS.notes} (optional)`);
const offerQuestion = () =>
  screen.getByRole('group', { name: CONTACT_ATTEMPT_LABELS.didTheBorrowerReceiveAnOffer });
/** The offer question can be answered (its Yes and No are enabled). */
const offerQuestionOpen = () =>
  Array.from(offerQuestion().querySelectorAll<HTMLInputElement>('input[type=radio]')).every(
    (r) => !r.disabled,
  );
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const status = () => screen.queryByRole('status')?.textContent;
const save = () => click(screen.getByRole('button', { name: 'Save contact attempt' }));

async function fill(method: 'Phone' | 'Text message') {
  await click(choice(method));
  await click(choice(CONTACT_OUTCOME_LABELS.leftVoicemail));
  await user.type(notes(), ' Called twice ');
}

describe('ContactAttemptForm', () => {
  it('requires the method and the outcome; the offer question is shown and waits for the outcome', async () => {
    expect(offerQuestion()).toHaveTextContent(CONTACT_OFFER_QUESTION_HINT);
    expect(offerQuestion()).toHaveAccessibleDescription(CONTACT_OFFER_QUESTION_HINT);
    expect(offerQuestionOpen()).toBe(false);
    await save();
    await waitFor(() =>
      expect(alerts()).toEqual([
        `${CONTACT_ATTEMPT_LABELS.method} is required`,
        `${CONTACT_ATTEMPT_LABELS.outcome} is required`,
      ]),
    );
    expect(choice('Phone')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('offers the five outcomes as radio buttons', () => {
    const group = screen.getByRole('group', { name: CONTACT_ATTEMPT_LABELS.outcome });
    expect(
      Array.from(group.querySelectorAll('input[type=radio]')).map((r) => r.closest('label')?.textContent),
    ).toEqual(['Reached', 'Left voicemail', 'No answer', 'Wrong number', 'Asked to call back']);
  });

  it('asks whether the borrower received an offer only when reached, and then requires it', async () => {
    await click(choice('Phone'));
    await click(choice(CONTACT_OUTCOME_LABELS.reached));
    expect(offerQuestionOpen()).toBe(true);
    expect(offerQuestion()).not.toHaveTextContent(CONTACT_OFFER_QUESTION_HINT);
    await save();
    // The message is beside the question (inside its group), which takes the focus.
    await waitFor(() =>
      expect(alerts()).toEqual([`${CONTACT_ATTEMPT_LABELS.didTheBorrowerReceiveAnOffer} is required`]),
    );
    expect(offerQuestion()).toHaveTextContent(
      `${CONTACT_ATTEMPT_LABELS.didTheBorrowerReceiveAnOffer} is required`,
    );
    expect(choice('Yes')).toHaveFocus();
    expect(calls).toEqual([]);
    await click(choice('Yes'));
    await save();
    await waitFor(() => expect(status()).toBe(CONTACT_ATTEMPT_SAVED));
    expect(calls.map((c) => c.body)).toMatchObject([
      { method: 'phone', outcome: 'reached', didTheBorrowerReceiveAnOffer: true },
    ]);
    // Cleared for the next attempt: the question waits again for the outcome.
    expect(offerQuestionOpen()).toBe(false);
    expect(choice('Yes').checked).toBe(false);
  });

  it('sends no offer answer once the outcome changed away from reached', async () => {
    await click(choice('Phone'));
    await click(choice(CONTACT_OUTCOME_LABELS.reached));
    await click(choice('Yes'));
    await click(choice(CONTACT_OUTCOME_LABELS.noAnswer));
    expect(offerQuestionOpen()).toBe(false);
    expect(choice('Yes').checked).toBe(false);
    await save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ outcome: 'noAnswer', didTheBorrowerReceiveAnOffer: null });
  });

  it('sends a phone attempt with its notes and every reason box, then clears the form for the next one', async () => {
    await fill('Phone');
    // No cut-off in the box: the counter and the save's message say when the notes are too long.
    expect(notes().maxLength).toBe(-1);
    await click(choice(CONTACT_ATTEMPT_REASON_LABELS.verifyIncome));
    // Trimmed when the notes lost the focus.
    expect(screen.getByText('88 characters left')).toBeInTheDocument();
    await click(choice(CONTACT_ATTEMPT_REASON_LABELS.validateProposedBudget));
    await save();
    await waitFor(() => expect(status()).toBe(CONTACT_ATTEMPT_SAVED));
    expect(calls.map((c) => c.body)).toEqual([
      {
        method: 'phone',
        outcome: 'leftVoicemail',
        notes: 'Called twice',
        didTheBorrowerReceiveAnOffer: null,
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
    expect(choice(CONTACT_OUTCOME_LABELS.leftVoicemail).checked).toBe(false);
    expect(notes()).toHaveValue('');
    expect(choice(CONTACT_ATTEMPT_REASON_LABELS.verifyIncome).checked).toBe(false);
  });

  it('keeps notes pasted past the limit whole, counts what is too many and refuses them beside the box', async () => {
    await click(choice('Phone'));
    await click(choice(CONTACT_OUTCOME_LABELS.leftVoicemail));
    expect(screen.getByText('100 characters left')).toBeInTheDocument();
    await click(notes());
    await user.paste('x'.repeat(99));
    expect(screen.getByText('1 character left')).toBeInTheDocument();
    await user.paste('yz');
    expect(notes()).toHaveValue(`${'x'.repeat(99)}yz`);
    expect(screen.getByText('1 character too many')).toBeInTheDocument();
    expect(notes()).toHaveAccessibleDescription('1 character too many');
    await save();
    const message = `${CONTACT_ATTEMPT_LABELS.notes} must be at most 100 characters long`;
    await waitFor(() => expect(alerts()).toEqual([]));
    await waitFor(() => expect(notes()).toHaveAccessibleDescription(`1 character too many ${message}`));
    expect(notes()).toHaveAttribute('aria-invalid', 'true');
    expect(notes()).toHaveFocus();
    expect(calls).toEqual([]);
    // Shortened by the writer, it goes.
    await user.type(notes(), '{Backspace}');
    expect(screen.getByText('0 characters left')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ notes: `${'x'.repeat(99)}y` });
  });

  it('leaves the notes out when none were typed', async () => {
    await click(choice('Text message'));
    await click(choice(CONTACT_OUTCOME_LABELS.wrongNumber));
    await save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).not.toHaveProperty('notes');
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
