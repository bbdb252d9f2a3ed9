import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_CRM_ID_LABEL } from '#domain/validation/staff';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { MarkTransferredForm } from './mark-transferred-form';

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
        element: <MarkTransferredForm applicationId={APP_ID} onSaved={(r) => saved.push(r)} />,
      },
    ],
    '/borrower-summary',
  );
}
const field = () => screen.getByLabelText(PARTNER_CRM_ID_LABEL);
const markTransferred = () => screen.getByRole('button', { name: 'Mark transferred' });

describe('MarkTransferredForm', () => {
  it('requires the partner CRM id', async () => {
    const { user } = show();
    await user.click(markTransferred());
    await waitFor(() => expect(field()).toHaveAccessibleDescription(/Partner CRM ID is required/));
    expect(field()).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('sends the trimmed id and reports the transferred application', async () => {
    const { user } = show();
    await user.type(field(), '  CRM-77 ');
    await user.click(markTransferred());
    await waitFor(() => expect(saved).toEqual([reply.body]));
    expect(calls.map((c) => c.body)).toEqual([{ partnerCrmId: 'CRM-77' }]);
  });

  it('shows why the server refused', async () => {
    reply = { status: 409, body: { code: 'Conflict', message: NOT_IN_TRANSFER } };
    const { user } = show();
    await user.type(field(), 'CRM-77');
    await user.click(markTransferred());
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
    await waitFor(() => expect(field()).toHaveAccessibleDescription(/Partner CRM ID is invalid/));
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });
});
