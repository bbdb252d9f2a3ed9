import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { QUALITY_CONTROL_REASON_LABELS } from '#domain/validation/staff';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  QUALITY_CONTROL_QUESTION,
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

describe('QualityControlModal', () => {
  it('requires pass or fail', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(QUALITY_CONTROL_TITLE);
    expect(screen.getByRole('group', { name: QUALITY_CONTROL_QUESTION })).toBeInTheDocument();
    await click(button('Submit'));
    await waitFor(() => expect(alerts()).toEqual([MESSAGES.qualityControlChoice]));
    expect(document.activeElement).toBe(choice('Passed'));
    expect(posts()).toEqual([]);
  });

  it('a pass is sent without reasons, closes the modal and reports the new status', async () => {
    await open();
    expect(() => choice(QUALITY_CONTROL_REASON_LABELS.couldNotVerifyIncome)).toThrow();
    await click(choice('Passed'));
    await click(button('Submit'));
    await waitFor(() => expect(saved).toEqual([reply.body]));
    expect(posts()).toEqual([{ passed: true, reasons: [] }]);
    expect(isOpen()).toBe(false);
  });

  it('a fail shows the four reasons and needs at least one', async () => {
    reply = {
      status: 200,
      body: { id: APP_ID, status: 'disqualified', hasPassedQualityControl: false, partnerCrmId: null },
    };
    await open();
    await click(choice('Failed'));
    for (const label of Object.values(QUALITY_CONTROL_REASON_LABELS))
      expect(choice(label).checked).toBe(false);
    await click(button('Submit'));
    await waitFor(() => expect(alerts()).toEqual([MESSAGES.qualityControlReason]));
    expect(document.activeElement).toBe(choice(QUALITY_CONTROL_REASON_LABELS.couldNotVerifyConsumerIdentity));
    expect(posts()).toEqual([]);

    await click(choice(QUALITY_CONTROL_REASON_LABELS.proposedBudgetWasUnrealistic));
    await click(choice(QUALITY_CONTROL_REASON_LABELS.couldNotVerifyIncome));
    await waitFor(() => expect(alerts()).toEqual([]));
    await click(button('Submit'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(posts()).toEqual([
      { passed: false, reasons: ['couldNotVerifyIncome', 'proposedBudgetWasUnrealistic'] },
    ]);
    expect(saved).toHaveLength(1);
  });

  it('a fail turned into a pass sends no reasons', async () => {
    await open();
    await click(choice('Failed'));
    await click(choice(QUALITY_CONTROL_REASON_LABELS.couldNotVerifyExpenses));
    await click(choice('Passed'));
    await click(button('Submit'));
    await waitFor(() => expect(posts()).toEqual([{ passed: true, reasons: [] }]));
  });

  it('shows the server refusing (not in counselor review) and stays open', async () => {
    reply = { status: 409, body: { code: 'Conflict', message: NOT_OPEN } };
    await open();
    await click(choice('Passed'));
    await click(button('Submit'));
    await waitFor(() => expect(alerts()).toEqual([NOT_OPEN]));
    expect(isOpen()).toBe(true);
    expect(saved).toEqual([]);
  });

  it('Cancel closes and clears the answers', async () => {
    await open();
    await click(choice('Failed'));
    await click(button('Cancel'));
    expect(isOpen()).toBe(false);
    await click(button('Quality control'));
    expect(choice('Failed').checked).toBe(false);
    expect(posts()).toEqual([]);
  });
});
