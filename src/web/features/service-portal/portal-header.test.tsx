import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { renderRoutes } from '#web/test/render';
import { Component as PortalLayout } from './portal-layout';
import { staffNameOf } from './use-staff-session';
import { server } from '#web/test/api-mock';
import { staffSession } from '#web/test/sessions';

const session = staffSession();

let calls: string[];
let app: ReturnType<typeof renderRoutes>;

beforeEach(() => {
  calls = [];
  server.use(
    http.get('/api/session', () => {
      calls.push('GET /api/session');
      return HttpResponse.json(session);
    }),
    http.post('/api/auth/sign-out', () => {
      calls.push('POST /api/auth/sign-out');
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

async function open(entry = '/summary') {
  app = renderRoutes(
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
  // The header names the counsellor once the session is read.
  await within(nav()).findAllByText('Dana Reyes');
}

const nav = () => screen.getByRole('navigation', { name: 'Service portal' });
const hamburger = () => within(nav()).getByRole('button', { name: 'Menu' });
const mobileMenu = () => document.getElementById(hamburger().getAttribute('aria-controls')!)!;
const linkTexts = (root: Element) =>
  [...root.querySelectorAll('a, button')].map((e) => e.textContent?.trim());

const click = (element: Element) => app.user.click(element);

describe('portal header', () => {
  it('shows Borrower Queue, Summary, Creditors, Proposals, Preferences and Sign Out, the name dropdown, and the page below', async () => {
    await open();
    const desktop = nav().querySelector('ul')!;
    expect(linkTexts(desktop)).toEqual([
      'Borrower Queue',
      'Summary',
      'Creditors',
      'Proposals',
      'Preferences',
      'Sign Out',
      'Dana Reyes',
    ]);
    expect(desktop.querySelector('a[aria-current="page"]')?.textContent).toBe('Summary');
    expect(screen.getByText('page /summary')).toBeInTheDocument();
  });

  it('opens the name dropdown from the keyboard with Preferences, Change email, Change password, Sign Out', async () => {
    await open();
    within(nav()).getByRole('button', { name: 'Dana Reyes' }).focus();
    await app.user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Preferences', 'Change email', 'Change password', 'Sign Out']);
    await click(within(menu).getByRole('menuitem', { name: 'Change password' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/change-password'));
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
      'Creditors',
      'Proposals',
      'Preferences',
      'Sign Out',
      'Change email',
      'Change password',
    ]);
    expect(mobileMenu().textContent).toContain('Dana Reyes');

    await click(within(mobileMenu()).getByRole('link', { name: 'Borrower Queue' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/borrower-queue'));
    expect(mobileMenu().hidden).toBe(true);

    await click(hamburger());
    expect(mobileMenu().hidden).toBe(false);
    await app.user.keyboard('{Escape}');
    expect(mobileMenu().hidden).toBe(true);
  });

  it('signs out: the server session is revoked, session storage cleared, and the counsellor lands on /sign-in', async () => {
    sessionStorage.setItem('dmp.session', '{"userId":"staff-me"}');
    await open();
    await click(within(nav()).getAllByRole('button', { name: 'Sign Out' })[0]!);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
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
