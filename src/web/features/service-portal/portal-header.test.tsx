import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { mountRoutes, settle, waitFor } from '../../components/ui/form/dom-test-helpers';
import { Component as PortalLayout } from './portal-layout';
import { staffNameOf } from './use-staff-session';

const session = {
  user: {
    id: 'staff-me',
    email: 'dana@agency.test',
    firstName: 'Dana',
    lastName: 'Reyes',
    phoneNumber: null,
    mustChangePassword: false,
    isStaff: true,
    twoFactorEnabled: true,
    secondFactorVerified: true,
  },
  resume: '/summary',
};

let calls: string[];
let app: ReturnType<typeof mountRoutes> | undefined;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${input}`);
      if (input === '/api/session') return Response.json(session);
      if (input === '/api/auth/sign-out') return new Response(null, { status: 204 });
      throw new Error(`unexpected ${input}`);
    }),
  );
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function open(entry = '/summary') {
  app = mountRoutes(
    [
      {
        Component: PortalLayout,
        children: ['/summary', '/borrower-queue', '/preferences', '/change-email', '/change-password'].map(
          (path) => ({ path, Component: () => <p>page {path}</p> }),
        ),
      },
      { path: '/sign-in', Component: () => <p>sign in page</p> },
    ],
    entry,
  );
  await settle();
}

const nav = () => document.querySelector('nav[aria-label="Service portal"]')!;
const hamburger = () => nav().querySelector<HTMLButtonElement>('button[aria-label="Menu"]')!;
const mobileMenu = () => document.getElementById(hamburger().getAttribute('aria-controls')!)!;
const linkTexts = (root: Element) =>
  [...root.querySelectorAll('a, button')].map((e) => e.textContent?.trim());

async function click(element: Element) {
  await act(async () => (element as HTMLElement).click());
  await settle();
}

describe('portal header', () => {
  it('shows Borrower Queue, Summary, Preferences and Sign Out, the name dropdown, and the page below', async () => {
    await open();
    const desktop = nav().querySelector('ul')!;
    expect(linkTexts(desktop)).toEqual([
      'Borrower Queue',
      'Summary',
      'Preferences',
      'Sign Out',
      'Dana Reyes',
    ]);
    expect(desktop.querySelector('a[aria-current="page"]')?.textContent).toBe('Summary');
    expect(document.body.textContent).toContain('page /summary');
  });

  it('opens the name dropdown from the keyboard with Preferences, Change email, Change password, Sign Out', async () => {
    await open();
    const trigger = [...nav().querySelectorAll('button')].find((b) => b.textContent === 'Dana Reyes')!;
    await act(async () => {
      trigger.focus();
      trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await settle();
    const menu = document.querySelector('[role="menu"]')!;
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((i) => i.textContent)).toEqual([
      'Preferences',
      'Change email',
      'Change password',
      'Sign Out',
    ]);
    await click(menu.querySelector('a[href="/change-password"]')!);
    expect(app!.router.state.location.pathname).toBe('/change-password');
  });

  it('toggles the hamburger menu, which closes when a link is followed or on Escape', async () => {
    await open();
    expect(hamburger().getAttribute('aria-expanded')).toBe('false');
    expect(mobileMenu().hidden).toBe(true);
    await click(hamburger());
    expect(hamburger().getAttribute('aria-expanded')).toBe('true');
    expect(mobileMenu().hidden).toBe(false);
    expect(linkTexts(mobileMenu())).toEqual([
      'Borrower Queue',
      'Summary',
      'Preferences',
      'Sign Out',
      'Change email',
      'Change password',
    ]);
    expect(mobileMenu().textContent).toContain('Dana Reyes');

    await click([...mobileMenu().querySelectorAll('a')].find((a) => a.textContent === 'Borrower Queue')!);
    expect(app!.router.state.location.pathname).toBe('/borrower-queue');
    expect(mobileMenu().hidden).toBe(true);

    await click(hamburger());
    await act(async () => {
      nav().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(mobileMenu().hidden).toBe(true);
  });

  it('signs out: the server session is revoked, session storage cleared, and the counsellor lands on /sign-in', async () => {
    sessionStorage.setItem('dmp.session', '{"userId":"staff-me"}');
    await open();
    const signOut = [...nav().querySelectorAll('button')].find((b) => b.textContent === 'Sign Out')!;
    await click(signOut);
    await waitFor(() => expect(app!.router.state.location.pathname).toBe('/sign-in'));
    expect(calls).toContain('POST /api/auth/sign-out');
    expect(sessionStorage.length).toBe(0);
  });
});

describe('staffNameOf', () => {
  it.each([
    [{ firstName: 'Dana', lastName: 'Reyes' }, 'Dana Reyes'],
    [{ firstName: 'Dana', lastName: null }, 'Dana'],
    [{ firstName: ' ', lastName: null }, MESSAGES.nameUnavailable],
    [{ firstName: null, lastName: null }, MESSAGES.nameUnavailable],
  ])('%j → %s', (user, expected) => {
    expect(staffNameOf(user)).toBe(expected);
  });
});
