import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { OUTCOME_TEXTS } from '#domain/underwriting/outcomes';
import { QUALITY_CONTROL_ITEM_LABELS, QUALITY_CONTROL_REASON_LABELS } from '#domain/validation/staff';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  QUALITY_CONTROL_CONFIRM_LABEL,
  QUALITY_CONTROL_CONFIRM_TITLE,
  QUALITY_CONTROL_PASS_HINT,
  QUALITY_CONTROL_REASONS_ALL_CHECKED,
  QUALITY_CONTROL_QUESTION,
  QUALITY_CONTROL_REASONS_LEGEND,
  QUALITY_CONTROL_TITLE,
  QualityControlModal,
} from './quality-control-modal';

const APP_ID = '3f1c2a4e-0000-4000-8000-0000000000aa';
const PATH = `POST /api/staff/applications/${APP_ID}/quality-control`;
const NOT_OPEN = 'Quality control can be recorded only while the application is in counselor review.';

let calls: ApiCall[];
let reply: { status: number; body?: unknown };
let saved: unknown[];
let user: UserEvent;
let consoleError: ReturnType<typeof vi.spyOn>;

function Host() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Quality control
      </button>
      <p data-testid="open">{String(open)}</p>
      <QualityControlModal
        applicationId={APP_ID}
        open={open}
        onOpenChange={setOpen}
        onSaved={(result) => saved.push(result)}
      />
    </>
  );
}

beforeEach(() => {
  saved = [];
  reply = {
    status: 200,
    body: { id: APP_ID, status: 'creditorReview', hasPassedQualityControl: true, partnerCrmId: null },
  };
  calls = answerApi({ [PATH]: () => reply });
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

const click = (element: HTMLElement) => user.click(element);
const button = (name: string) => screen.getByRole('button', { name });
async function open() {
  ({ user } = renderRoutes([{ path: '/borrower-summary', element: <Host /> }], '/borrower-summary'));
  await click(button('Quality control'));
  await screen.findByRole('dialog');
}
const isOpen = () => screen.getByTestId('open').textContent === 'true';
const choice = (text: string) => screen.getByLabelText<HTMLInputElement>(text);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const posts = () => calls.map((c) => c.body);

const ITEMS = QUALITY_CONTROL_ITEM_LABELS;
const EVERY_ITEM = { consumerIdentity: true, income: true, expenses: true, proposedBudget: true };
const checkEvery = async () => {
  for (const label of Object.values(ITEMS)) await click(choice(label));
};
const question = () => screen.getByRole('group', { name: QUALITY_CONTROL_QUESTION });
/** The reasons a fail can name now (the unchecked items), as their checkboxes' labels; null before Failed. */
const reasonsShown = () => {
  const group = screen.queryByRole('group', { name: QUALITY_CONTROL_REASONS_LEGEND });
  return group ? Array.from(group.querySelectorAll('label'), (label) => label.textContent) : null;
};
const REASONS = QUALITY_CONTROL_REASON_LABELS;
const confirmation = () => screen.queryByRole('alertdialog', { name: QUALITY_CONTROL_CONFIRM_TITLE });

describe('QualityControlModal', () => {
  it('is a checklist of the four items, unchecked, then the question; Passed waits for every item', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(QUALITY_CONTROL_TITLE);
    const checklist = screen.getByRole('group', { name: 'Checklist' });
    expect(Array.from(checklist.querySelectorAll('label'), (label) => label.textContent)).toEqual([
      'Consumer identity verified',
      'Income verified',
      'Expenses verified',
      'Proposed budget is realistic',
    ]);
    for (const label of Object.values(ITEMS)) expect(choice(label).checked).toBe(false);
    expect(choice('Passed').disabled).toBe(true);
    expect(choice('Failed').disabled).toBe(false);
    expect(question()).toHaveAccessibleDescription(QUALITY_CONTROL_PASS_HINT);
    // Three of four: still not.
    await click(choice(ITEMS.consumerIdentity));
    await click(choice(ITEMS.income));
    await click(choice(ITEMS.expenses));
    expect(choice('Passed').disabled).toBe(true);
    await click(choice(ITEMS.proposedBudget));
    expect(choice('Passed').disabled).toBe(false);
    expect(question()).not.toHaveAccessibleDescription(QUALITY_CONTROL_PASS_HINT);
  });

  it('requires pass or fail', async () => {
    await open();
    await click(button('Submit'));
    await waitFor(() => expect(alerts()).toEqual([MESSAGES.qualityControlChoice]));
    // Passed cannot be chosen yet, so the focus goes to Failed.
    expect(document.activeElement).toBe(choice('Failed'));
    expect(posts()).toEqual([]);
  });

  it('a pass sends every item checked, closes the modal and reports the new status', async () => {
    await open();
    await checkEvery();
    await click(choice('Passed'));
    expect(reasonsShown()).toBeNull();
    await click(button('Submit'));
    await waitFor(() => expect(saved).toEqual([reply.body]));
    expect(posts()).toEqual([{ passed: true, checklist: EVERY_ITEM, failedItems: [] }]);
    expect(isOpen()).toBe(false);
  });

  it('unchecking an item after Passed takes Passed back', async () => {
    await open();
    await checkEvery();
    await click(choice('Passed'));
    await click(choice(ITEMS.income));
    expect(choice('Passed').checked).toBe(false);
    expect(choice('Passed').disabled).toBe(true);
    await click(button('Submit'));
    await waitFor(() => expect(alerts()).toEqual([MESSAGES.qualityControlChoice]));
    expect(posts()).toEqual([]);
  });

  it('Failed with nothing ticked is refused with the message beside the reasons; nothing is sent', async () => {
    await open();
    await click(choice('Failed'));
    // Every item is unchecked, so each can be named; none is until the counsellor ticks it.
    expect(reasonsShown()).toEqual([
      REASONS.couldNotVerifyConsumerIdentity,
      REASONS.couldNotVerifyIncome,
      REASONS.couldNotVerifyExpenses,
      REASONS.proposedBudgetWasUnrealistic,
    ]);
    await click(button('Submit'));
    await waitFor(() => expect(alerts()).toEqual([MESSAGES.qualityControlReason]));
    expect(screen.getByRole('group', { name: QUALITY_CONTROL_REASONS_LEGEND })).toHaveTextContent(
      'Please select at least one disqualification reason',
    );
    expect(confirmation()).toBeNull();
    expect(posts()).toEqual([]);
    await click(choice(REASONS.couldNotVerifyIncome));
    await waitFor(() => expect(alerts()).toEqual([]));
  });

  it('a fail names the ticked items and is sent only once confirmed, the borrower’s text shown first', async () => {
    reply = {
      status: 200,
      body: { id: APP_ID, status: 'disqualified', hasPassedQualityControl: false, partnerCrmId: null },
    };
    await open();
    await click(choice(ITEMS.consumerIdentity));
    await click(choice(ITEMS.expenses));
    await click(choice('Failed'));
    // Only the unchecked items can fail.
    expect(reasonsShown()).toEqual([REASONS.couldNotVerifyIncome, REASONS.proposedBudgetWasUnrealistic]);
    await click(choice(REASONS.couldNotVerifyIncome));
    await click(button('Submit'));
    const dialog = await screen.findByRole('alertdialog', { name: QUALITY_CONTROL_CONFIRM_TITLE });
    expect(Array.from(dialog.querySelectorAll('li'), (li) => li.textContent)).toEqual([
      REASONS.couldNotVerifyIncome,
    ]);
    // The words of the borrower's email and page, from the domain's outcome text.
    expect(dialog).toHaveTextContent(OUTCOME_TEXTS.qualityControlFailed.title);
    expect(dialog).toHaveTextContent(OUTCOME_TEXTS.qualityControlFailed.why);
    expect(posts()).toEqual([]);
    await click(screen.getByRole('button', { name: QUALITY_CONTROL_CONFIRM_LABEL }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(posts()).toEqual([
      {
        passed: false,
        checklist: { consumerIdentity: true, income: false, expenses: true, proposedBudget: false },
        failedItems: ['income'],
      },
    ]);
    expect(isOpen()).toBe(false);
  });

  it('Cancel in the confirmation sends nothing and leaves the answers as they were', async () => {
    await open();
    await click(choice('Failed'));
    await click(choice(REASONS.proposedBudgetWasUnrealistic));
    await click(button('Submit'));
    const dialog = await screen.findByRole('alertdialog', { name: QUALITY_CONTROL_CONFIRM_TITLE });
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirmation()).toBeNull());
    expect(posts()).toEqual([]);
    expect(isOpen()).toBe(true);
    expect(choice('Failed').checked).toBe(true);
    expect(choice(REASONS.proposedBudgetWasUnrealistic).checked).toBe(true);
  });

  it('checking an item takes it out of the reasons: what was verified did not fail', async () => {
    await open();
    await click(choice('Failed'));
    await click(choice(REASONS.couldNotVerifyIncome));
    await click(choice(ITEMS.income));
    expect(reasonsShown()).not.toContain(REASONS.couldNotVerifyIncome);
    await click(button('Submit'));
    await waitFor(() => expect(alerts()).toEqual([MESSAGES.qualityControlReason]));
    expect(posts()).toEqual([]);
  });

  it('a fail with every item checked says to uncheck what could not be verified', async () => {
    await open();
    await checkEvery();
    await click(choice('Failed'));
    expect(screen.getByRole('group', { name: QUALITY_CONTROL_REASONS_LEGEND })).toHaveAccessibleDescription(
      QUALITY_CONTROL_REASONS_ALL_CHECKED,
    );
    await click(button('Submit'));
    await waitFor(() => expect(alerts()).toEqual([MESSAGES.qualityControlReason]));
    expect(posts()).toEqual([]);
  });

  it('shows the server refusing (not in counselor review) and stays open', async () => {
    reply = { status: 409, body: { code: 'Conflict', message: NOT_OPEN } };
    await open();
    await checkEvery();
    await click(choice('Passed'));
    await click(button('Submit'));
    await waitFor(() => expect(alerts()).toEqual([NOT_OPEN]));
    expect(isOpen()).toBe(true);
    expect(saved).toEqual([]);
  });

  it('Cancel closes and clears the answers', async () => {
    await open();
    await click(choice(ITEMS.income));
    await click(choice('Failed'));
    await click(button('Cancel'));
    expect(isOpen()).toBe(false);
    await click(button('Quality control'));
    expect(choice('Failed').checked).toBe(false);
    expect(choice(ITEMS.income).checked).toBe(false);
    expect(posts()).toEqual([]);
  });
});
