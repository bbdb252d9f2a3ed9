import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_CRM_ID_LABEL } from '#domain/validation/staff';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { PARTNER_HAND_OVER_PARTS } from '#domain/flow/partner-hand-over';
import {
  MARK_TRANSFERRED_CONFIRM_TITLE,
  MARK_TRANSFERRED_NOTHING_MORE,
  MarkTransferredForm,
} from './mark-transferred-form';

const APP_ID = '3f1c2a4e-0000-4000-8000-0000000000bb';
const PATH = `POST /api/staff/applications/${APP_ID}/mark-transferred`;
const NOT_IN_TRANSFER = 'Only an application in transfer can be marked transferred.';

let calls: ApiCall[];
let reply: { status: number; body?: unknown };
let saved: unknown[];
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  saved = [];
  reply = {
    status: 200,
    body: { id: APP_ID, status: 'transferred', hasPassedQualityControl: true, partnerCrmId: 'CRM-77' },
  };
  calls = answerApi({ [PATH]: () => reply });
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

function show() {
  return renderRoutes(
    [
      {
        path: '/borrower-summary',
        element: (
          <MarkTransferredForm applicationId={APP_ID} handOver={HAND_OVER} onSaved={(r) => saved.push(r)} />
        ),
      },
    ],
    '/borrower-summary',
  );
}
const HAND_OVER = {
  borrower: 'Pat Doe',
  spouse: 'No spouse',
  enrollment: '$330 a month for 48 months, first payment 01-05-2027',
  acceptedOffers: ['Capital One', 'Discover'],
};
const field = () => screen.getByLabelText(PARTNER_CRM_ID_LABEL);
const markTransferred = () => screen.getByRole('button', { name: 'Mark transferred' });
const dialog = () => screen.queryByRole('dialog', { name: MARK_TRANSFERRED_CONFIRM_TITLE });
const confirm = () => screen.getByRole('button', { name: 'Confirm: mark transferred' });

describe('MarkTransferredForm', () => {
  it('requires the partner CRM id', async () => {
    const { user } = show();
    await user.click(markTransferred());
    await waitFor(() => expect(field()).toHaveAccessibleDescription(/Partner CRM ID is required/));
    expect(field()).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('asks for confirmation, saying what changes and what the agency receives, before sending the trimmed id', async () => {
    const { user } = show();
    await user.type(field(), '  CRM-77 ');
    await user.click(markTransferred());
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(calls).toEqual([]);
    const text = dialog()!.textContent;
    expect(text).toContain('moves from Transfer to Transferred');
    expect(text).toContain('CRM-77');
    expect(text).toContain(MARK_TRANSFERRED_NOTHING_MORE);
    for (const words of Object.values(PARTNER_HAND_OVER_PARTS)) expect(text).toContain(words);
    for (const figure of ['Pat Doe', 'No spouse', HAND_OVER.enrollment, 'Capital One', 'Discover'])
      expect(text).toContain(figure);
    await user.click(confirm());
    await waitFor(() => expect(saved).toEqual([reply.body]));
    expect(calls.map((c) => c.body)).toEqual([{ partnerCrmId: 'CRM-77' }]);
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('sends nothing when the confirmation is cancelled, and keeps the id typed', async () => {
    const { user } = show();
    await user.type(field(), 'CRM-77');
    await user.click(markTransferred());
    await waitFor(() => expect(dialog()).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(calls).toEqual([]);
    expect(field()).toHaveValue('CRM-77');
    expect(markTransferred()).toHaveFocus();
  });

  it('shows why the server refused', async () => {
    reply = { status: 409, body: { code: 'Conflict', message: NOT_IN_TRANSFER } };
    const { user } = show();
    await user.type(field(), 'CRM-77');
    await user.click(markTransferred());
    await user.click(confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_IN_TRANSFER);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(saved).toEqual([]);
  });

  it('puts a 400 field message on the field', async () => {
    reply = {
      status: 400,
      body: {
        code: 'ValidationError',
        message: 'Some fields are not valid.',
        fieldErrors: { partnerCrmId: 'Partner CRM ID is invalid' },
      },
    };
    const { user } = show();
    await user.type(field(), 'CRM-77');
    await user.click(markTransferred());
    await user.click(confirm());
    await waitFor(() => expect(field()).toHaveAccessibleDescription(/Partner CRM ID is invalid/));
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });
});
