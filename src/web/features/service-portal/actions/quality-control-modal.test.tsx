import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import {
  QUALITY_CONTROL_FAIL_NEEDS_AN_UNCHECKED_ITEM,
  QUALITY_CONTROL_ITEM_LABELS,
  QUALITY_CONTROL_REASON_LABELS,
} from '#domain/validation/staff';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  QUALITY_CONTROL_PASS_HINT,
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
const reasonsShown = () => {
  const region = screen.queryByRole('region', { name: QUALITY_CONTROL_REASONS_LEGEND });
  return region ? Array.from(region.querySelectorAll('li'), (li) => li.textContent) : null;
};

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
    expect(posts()).toEqual([{ passed: true, checklist: EVERY_ITEM }]);
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

  it('a fail shows the unchecked items as its reasons and sends every item', async () => {
    reply = {
      status: 200,
      body: { id: APP_ID, status: 'disqualified', hasPassedQualityControl: false, partnerCrmId: null },
    };
    await open();
    await click(choice(ITEMS.consumerIdentity));
    await click(choice(ITEMS.expenses));
    await click(choice('Failed'));
    expect(reasonsShown()).toEqual(['could not verify income', 'proposed budget was unrealistic']);
    await click(choice(ITEMS.expenses));
    expect(reasonsShown()).toEqual([
      QUALITY_CONTROL_REASON_LABELS.couldNotVerifyExpenses,
      QUALITY_CONTROL_REASON_LABELS.couldNotVerifyIncome,
      QUALITY_CONTROL_REASON_LABELS.proposedBudgetWasUnrealistic,
    ]);
    await click(button('Submit'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(posts()).toEqual([
      {
        passed: false,
        checklist: { consumerIdentity: true, income: false, expenses: false, proposedBudget: false },
      },
    ]);
  });

  it('a fail with every item checked says what to leave unchecked, beside the checklist', async () => {
    await open();
    await checkEvery();
    await click(choice('Failed'));
    await click(button('Submit'));
    await waitFor(() => expect(alerts()).toEqual([QUALITY_CONTROL_FAIL_NEEDS_AN_UNCHECKED_ITEM]));
    expect(screen.getByRole('group', { name: 'Checklist' })).toHaveTextContent(
      QUALITY_CONTROL_FAIL_NEEDS_AN_UNCHECKED_ITEM,
    );
    expect(posts()).toEqual([]);
    await click(choice(ITEMS.proposedBudget));
    await waitFor(() => expect(alerts()).toEqual([]));
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
