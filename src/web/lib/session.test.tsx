import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { MESSAGES } from '#domain/validation/messages';
import { CustomerPortalHeader } from '../features/customer-portal/customer-portal-header';
import { locationMessage } from '../features/account/location-message';
import { EMAIL_UPDATED_KEY } from './email-updated';
import { messageText } from './message-text';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  borrowerRule,
  customerPortalRule,
  readSessionState,
  servicePortalRule,
  SESSION_STORAGE_KEY,
  SessionGuard,
  updateSessionState,
  type GuardRule,
  type SessionAnswer,
  type SessionUser,
} from './session';

beforeEach(() => sessionStorage.clear());

const user = (overrides: Partial<SessionUser>): SessionAnswer => ({
  user: {
    id: 'u1',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Diaz',
    phoneNumber: '+15550101234',
    mustChangePassword: false,
    isStaff: false,
    twoFactorEnabled: false,
    secondFactorVerified: false,
    ...overrides,
  },
  resume: !overrides.isStaff
    ? '/offers/review'
    : overrides.secondFactorVerified
      ? '/summary'
      : overrides.twoFactorEnabled
        ? '/two-factor'
        : '/two-factor/setup',
});

const anonymous: SessionAnswer = { user: null };
const borrower = user({});
const newBorrower = user({ mustChangePassword: true });
const staff = user({ isStaff: true, twoFactorEnabled: true, secondFactorVerified: true });
const staffToEnrol = user({ isStaff: true });
const staffAwaitingCode = user({ isStaff: true, twoFactorEnabled: true });
/** Verified, then given a temporary password again: the server sends them to the new-password page. */
const verifiedStaff = user({
  isStaff: true,
  twoFactorEnabled: true,
  secondFactorVerified: true,
  mustChangePassword: true,
});
const staffWithTemporaryPassword: SessionAnswer = verifiedStaff.user
  ? { user: verifiedStaff.user, resume: '/user-information' }
  : verifiedStaff;

describe('guard rules', () => {
  it.each<[string, GuardRule, SessionAnswer, string | undefined]>([
    ['borrower', borrowerRule, anonymous, '/sign-in'],
    ['borrower', borrowerRule, borrower, undefined],
    ['borrower', borrowerRule, newBorrower, undefined],
    ['borrower', borrowerRule, staff, '/summary'],
    ['customer portal', customerPortalRule, anonymous, '/sign-in'],
    ['customer portal', customerPortalRule, borrower, undefined],
    ['customer portal', customerPortalRule, newBorrower, '/please-check-your-email'],
    ['customer portal', customerPortalRule, staff, '/summary'],
    ['service portal', servicePortalRule, anonymous, '/sign-in'],
    ['service portal', servicePortalRule, borrower, '/offers/review'],
    ['service portal', servicePortalRule, staff, undefined],
    ['service portal', servicePortalRule, staffToEnrol, '/two-factor/setup'],
    ['service portal', servicePortalRule, staffAwaitingCode, '/two-factor'],
    ['service portal', servicePortalRule, staffWithTemporaryPassword, '/user-information'],
  ])('%s guard: %j → %s', (_name, rule, answer, expected) => {
    expect(rule(answer)).toBe(expected);
  });
});

describe('session state', () => {
  it('merges patches, drops keys set to undefined and ignores damaged storage', () => {
    updateSessionState({ forgotPasswordUsername: 'ana@example.com', mustSetInitialPassword: true });
    updateSessionState({ mustSetInitialPassword: undefined, userId: 'u1' });
    expect(readSessionState()).toEqual({ forgotPasswordUsername: 'ana@example.com', userId: 'u1' });
    sessionStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readSessionState()).toEqual({});
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userId: 42 }));
    expect(readSessionState()).toEqual({});
  });
});

describe('SessionGuard', () => {
  const routes = (rule: GuardRule) => [
    {
      Component: () => <SessionGuard rule={rule} />,
      children: [{ path: '/inside', Component: () => <p>inside</p> }],
    },
    { path: '/sign-in', Component: () => <p>sign-in page</p> },
  ];

  it('shows the loading screen, then the page for an allowed session', async () => {
    answerApi({ 'GET /api/session': { status: 200, body: borrower } });
    const app = renderRoutes(routes(borrowerRule), '/inside');
    expect(app.container.textContent).toBe('Loading...');
    await waitFor(() => expect(app.container.textContent).toBe('inside'));
    expect(readSessionState()).toEqual({ userId: 'u1', firstName: 'Ana', lastName: 'Diaz' });
  });

  it('sends an anonymous visitor to /sign-in and forgets the mirrored user', async () => {
    updateSessionState({ userId: 'u1', forgotPasswordUsername: 'ana@example.com' });
    answerApi({ 'GET /api/session': { status: 200, body: anonymous } });
    const app = renderRoutes(routes(borrowerRule), '/inside');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
    expect(readSessionState()).toEqual({ forgotPasswordUsername: 'ana@example.com' });
  });

  describe('when another tab of this browser completes an email change', () => {
    /** What the other tab's noteEmailUpdated does, as this tab hears it. */
    const otherTabNotes = () =>
      window.dispatchEvent(
        new StorageEvent('storage', { key: EMAIL_UPDATED_KEY, newValue: String(Date.now()) }),
      );
    const signInRoutes = (rule: GuardRule) => [
      ...routes(rule).slice(0, 1),
      {
        path: '/sign-in',
        Component: function SignIn() {
          const message = locationMessage(useLocation().state);
          const intl = useIntl();
          return <p>sign-in page: {message && messageText(intl, message)}</p>;
        },
      },
    ];

    it.each([
      ['a borrower', borrowerRule, borrower],
      ['staff', servicePortalRule, staff],
    ] as const)(
      'sends %s whose session it ended to /sign-in with the message',
      async (_who, rule, answer) => {
        let reply: SessionAnswer = answer;
        answerApi({ 'GET /api/session': () => ({ status: 200, body: reply }) });
        const app = renderRoutes(signInRoutes(rule), '/inside');
        await waitFor(() => expect(app.container.textContent).toBe('inside'));
        reply = anonymous;
        otherTabNotes();
        await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
        expect(app.container.textContent).toBe(`sign-in page: ${MESSAGES.emailUpdated}`);
        expect(readSessionState()).toEqual({});
      },
    );

    it('stays when this tab’s session is still there (another account changed its email)', async () => {
      const calls = answerApi({ 'GET /api/session': { status: 200, body: borrower } });
      const app = renderRoutes(signInRoutes(borrowerRule), '/inside');
      await waitFor(() => expect(app.container.textContent).toBe('inside'));
      otherTabNotes();
      await waitFor(() => expect(calls.filter((c) => c.path === '/api/session')).toHaveLength(2));
      expect(app.router.state.location.pathname).toBe('/inside');
      expect(app.container.textContent).toBe('inside');
    });
  });

  it('offers a retry when the session cannot be read', async () => {
    let reply: 'network-error' | { status: number; body: SessionAnswer } = 'network-error';
    answerApi({ 'GET /api/session': () => reply });
    const app = renderRoutes(routes(borrowerRule), '/inside');
    await waitFor(() =>
      expect(app.container.querySelector('[role="alert"]')?.textContent).toContain(
        'Network Connection Error: Please check your internet connection',
      ),
    );
    reply = { status: 200, body: borrower };
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(app.container.textContent).toBe('inside'));
  });

  it('says in Spanish that the session could not be read, and offers the retry in Spanish', async () => {
    answerApi({ 'GET /api/session': { status: 500, body: { code: 'InternalError' } } });
    const app = renderRoutes(routes(borrowerRule), '/inside', undefined, 'es');
    await waitFor(() =>
      expect(app.container.querySelector('[role="alert"]')?.textContent).toContain(
        'Hubo un problema al obtener la información de su solicitud.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
  });
});

describe('Sign Out', () => {
  it.each([
    ['succeeds', { status: 204 }],
    ['fails', 'network-error' as const],
  ])(
    'clears all session storage and the cache and goes to /sign-in when the call %s',
    async (_name, reply) => {
      sessionStorage.setItem('something-else', 'x');
      updateSessionState({ userId: 'u1' });
      const calls = answerApi({
        'GET /api/session': { status: 200, body: borrower },
        'POST /api/auth/sign-out': reply,
        // The header's count of new alerts.
        'GET /api/customer-portal/alerts': { status: 200, body: { alerts: [], unseen: 0 } },
      });
      const app = renderRoutes(
        [
          { path: '/customer-portal/settings', Component: CustomerPortalHeader },
          { path: '/sign-in', Component: () => <p>sign-in page</p> },
        ],
        '/customer-portal/settings',
      );
      app.queryClient.setQueryData(['session'], borrower);
      // The desktop list and the mobile menu both hold a Sign Out button; either signs out.
      await app.user.click(screen.getAllByRole('button', { name: 'Sign Out', hidden: true })[0]!);
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
      expect(calls.filter((c) => c.method === 'POST').map((c) => `${c.method} ${c.path}`)).toEqual([
        'POST /api/auth/sign-out',
      ]);
      expect(sessionStorage.length).toBe(0);
      expect(app.queryClient.getQueryData(['session'])).toBeUndefined();
    },
  );
});

describe('CustomerPortalHeader', () => {
  it('opens and closes the mobile menu with the hamburger button', async () => {
    answerApi({ 'GET /api/customer-portal/alerts': { status: 200, body: { alerts: [], unseen: 0 } } });
    const { user } = renderRoutes([{ path: '/x', Component: CustomerPortalHeader }], '/x');
    const menuButton = await screen.findByRole('button', { name: 'Menu' });
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '');
    expect([menuButton.getAttribute('aria-expanded'), menu?.hidden]).toEqual(['false', true]);
    await user.click(menuButton);
    expect([menuButton.getAttribute('aria-expanded'), menu?.hidden]).toEqual(['true', false]);
    expect([...(menu?.querySelectorAll('a, button') ?? [])].map((e) => e.textContent)).toEqual([
      'My Plan',
      'Payments',
      'Next Steps',
      'Alerts',
      'Settings',
      'Sign Out',
    ]);
  });

  it('shows how many alerts are new on the Alerts link and on the phone’s menu button', async () => {
    answerApi({ 'GET /api/customer-portal/alerts': { status: 200, body: { alerts: [], unseen: 2 } } });
    renderRoutes([{ path: '/x', Component: CustomerPortalHeader }], '/x');
    const menuButton = await screen.findByRole('button', { name: 'Menu (2 new alerts)' });
    expect(menuButton.textContent).toBe('2');
    const links = screen.getAllByRole('link', { name: 'Alerts 2 new', hidden: true });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/customer-portal/alerts',
      '/customer-portal/alerts',
    ]);
  });

  it('shows no count when the alerts cannot be read', async () => {
    answerApi({ 'GET /api/customer-portal/alerts': { status: 500, body: { code: 'InternalError' } } });
    renderRoutes([{ path: '/x', Component: CustomerPortalHeader }], '/x');
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Alerts', hidden: true })).toHaveLength(2);
  });
});
