import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  REOPEN_QUALITY_CONTROL_CONFIRM,
  REOPEN_QUALITY_CONTROL_CONFIRM_TITLE,
  REOPEN_QUALITY_CONTROL_LABEL,
  ReopenQualityControl,
} from './reopen-quality-control';

const APP_ID = '3f1c2a4e-0000-4000-8000-0000000000bb';
const PATH = `POST /api/staff/applications/${APP_ID}/quality-control/reopen`;
const REOPENED = { id: APP_ID, status: 'counselorReview', hasPassedQualityControl: null, partnerCrmId: null };

let calls: ApiCall[];
let reply: { status: number; body?: unknown };
let saved: unknown[];
let user: UserEvent;

beforeEach(() => {
  saved = [];
  reply = { status: 200, body: REOPENED };
  calls = answerApi({ [PATH]: () => reply });
});

async function ask() {
  ({ user } = renderRoutes(
    [
      {
        path: '/borrower-summary',
        element: (
          <ReopenQualityControl applicationId={APP_ID} buttonClassName="" onSaved={(r) => saved.push(r)} />
        ),
      },
    ],
    '/borrower-summary',
  ));
  await user.click(screen.getByRole('button', { name: REOPEN_QUALITY_CONTROL_LABEL }));
  return screen.findByRole('alertdialog', { name: REOPEN_QUALITY_CONTROL_CONFIRM_TITLE });
}

describe('ReopenQualityControl', () => {
  it('asks first, saying what the reopen does; Cancel sends nothing', async () => {
    const dialog = await ask();
    expect(dialog).toHaveTextContent('goes back to Counselor Review');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('reopens once confirmed and reports the application back in counsellor review', async () => {
    const dialog = await ask();
    await user.click(within(dialog).getByRole('button', { name: REOPEN_QUALITY_CONTROL_CONFIRM }));
    await waitFor(() => expect(saved).toEqual([REOPENED]));
    expect(calls).toHaveLength(1);
  });

  it('shows the server refusing a staff member who is not a supervisor', async () => {
    reply = {
      status: 403,
      body: { code: 'Forbidden', message: 'Only a supervisor can reopen a failed quality control.' },
    };
    const dialog = await ask();
    await user.click(within(dialog).getByRole('button', { name: REOPEN_QUALITY_CONTROL_CONFIRM }));
    await screen.findByText('Only a supervisor can reopen a failed quality control.');
    expect(saved).toEqual([]);
  });
});
