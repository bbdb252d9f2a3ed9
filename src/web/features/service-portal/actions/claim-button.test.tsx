import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '#domain/flow/staff-views';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { ClaimButton, releaseClaimTitle } from './claim-button';

const APP_ID = '3f1c2a4e-0000-4000-8000-0000000000bb';
const UNCLAIM = `POST /api/staff/applications/${APP_ID}/unclaim`;
const ME: StaffMember = { id: 'staff-me', name: 'Dana Reyes' };
const JANE: StaffMember = { id: 'staff-jane', name: 'Jane Doe' };

let calls: ApiCall[];
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  calls = answerApi({
    [UNCLAIM]: {
      status: 200,
      body: { id: APP_ID, version: 6, assignedTo: null, assignedToAt: null, assignedCount: 0 },
    },
  });
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

function show(assignedTo: StaffMember) {
  return renderRoutes(
    [
      {
        path: '/borrower-summary',
        element: <ClaimButton applicationId={APP_ID} version={5} assignedTo={assignedTo} viewerId={ME.id} />,
      },
    ],
    '/borrower-summary',
  );
}
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.body);
const unclaim = () => screen.getByRole('button', { name: 'Unclaim' });

describe('ClaimButton: unclaim', () => {
  it('releases my own claim in one click, without a take-over', async () => {
    const { user } = show(ME);
    await user.click(unclaim());
    await waitFor(() => expect(posts()).toEqual([{ version: 5 }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks before releasing a colleague's claim; Cancel sends nothing", async () => {
    const { user } = show(JANE);
    await user.click(unclaim());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent(
      releaseClaimTitle('Jane Doe'),
    );
    expect(releaseClaimTitle('Jane Doe')).toBe("Release Jane Doe's claim?");
    expect(within(dialog).getByRole('button', { name: 'Release' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);
    // Focus is back on the button that opened the confirmation.
    expect(unclaim()).toHaveFocus();
  });

  it("releases a colleague's claim as a take-over once confirmed, and closes", async () => {
    const { user } = show(JANE);
    await user.click(unclaim());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(posts()).toEqual([{ version: 5, takeOver: true }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the refusal beside the button when the release fails', async () => {
    const message = 'Already claimed by Pat Lee';
    calls = answerApi({ [UNCLAIM]: { status: 409, body: { code: 'Conflict', message } } });
    const { user } = show(JANE);
    await user.click(unclaim());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
