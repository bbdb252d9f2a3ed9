import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '#domain/flow/staff-views';
import {
  buttonByName,
  mockApi,
  mountRoutes,
  settle,
  type ApiCall,
} from '../../components/ui/form/dom-test-helpers';
import { ClaimButton, releaseClaimTitle } from './claim-button';

const APP_ID = '3f1c2a4e-0000-4000-8000-0000000000bb';
const UNCLAIM = `POST /api/staff/applications/${APP_ID}/unclaim`;
const ME: StaffMember = { id: 'staff-me', name: 'Dana Reyes' };
const JANE: StaffMember = { id: 'staff-jane', name: 'Jane Doe' };

let calls: ApiCall[];
let mounted: ReturnType<typeof mountRoutes>;
let consoleError: ReturnType<typeof vi.spyOn>;
const realFetch = globalThis.fetch;

beforeEach(() => {
  calls = mockApi({
    [UNCLAIM]: {
      status: 200,
      body: { id: APP_ID, version: 6, assignedTo: null, assignedToAt: null, assignedCount: 0 },
    },
  });
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  mounted.unmount();
  document.body.innerHTML = '';
  globalThis.fetch = realFetch;
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

async function show(assignedTo: StaffMember) {
  mounted = mountRoutes(
    [
      {
        path: '/borrower-summary',
        element: <ClaimButton applicationId={APP_ID} version={5} assignedTo={assignedTo} viewerId={ME.id} />,
      },
    ],
    '/borrower-summary',
  );
  await settle();
}
async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('ClaimButton: unclaim', () => {
  it('releases my own claim in one click, without a take-over', async () => {
    await show(ME);
    await click(buttonByName('Unclaim'));
    expect(dialog()).toBeNull();
    expect(posts()).toEqual([{ version: 5 }]);
  });

  it("asks before releasing a colleague's claim; Cancel sends nothing", async () => {
    await show(JANE);
    await click(buttonByName('Unclaim'));
    const open = dialog();
    expect(open).not.toBeNull();
    expect(open!.querySelector('h2')?.textContent).toBe(releaseClaimTitle('Jane Doe'));
    expect(open!.querySelector('h2')?.textContent).toBe("Release Jane Doe's claim?");
    expect(buttonByName('Release', open!)).toBeTruthy();
    await click(buttonByName('Cancel', open!));
    expect(dialog()).toBeNull();
    expect(posts()).toEqual([]);
    // Focus is back on the button that opened the confirmation.
    expect(document.activeElement?.textContent).toBe('Unclaim');
  });

  it("releases a colleague's claim as a take-over once confirmed, and closes", async () => {
    await show(JANE);
    await click(buttonByName('Unclaim'));
    await click(buttonByName('Release', dialog()!));
    expect(posts()).toEqual([{ version: 5, takeOver: true }]);
    expect(dialog()).toBeNull();
  });

  it('shows the refusal beside the button when the release fails', async () => {
    const message = 'Already claimed by Pat Lee';
    calls = mockApi({ [UNCLAIM]: { status: 409, body: { code: 'Conflict', message } } });
    await show(JANE);
    await click(buttonByName('Unclaim'));
    await click(buttonByName('Release', dialog()!));
    expect(dialog()).toBeNull();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(message);
  });
});
