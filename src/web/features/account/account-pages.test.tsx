import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { readSessionState, SESSION_STORAGE_KEY, updateSessionState } from '#web/app/session';
import {
  type ApiCall,
  byLabel,
  mockApi,
  mountRoutes,
  submit,
  typeInto,
  waitFor,
} from '#web/components/ui/form/dom-test-helpers';
import { Component as ChangeEmailPage } from './change-email-page';
import { Component as ChangePasswordPage } from './change-password-page';
import { Component as PleaseCheckYourEmailPage } from './please-check-your-email-page';
import { Component as ResetPasswordPage } from './reset-password-page';
import { Component as SignInPage } from './sign-in-page';
import { Component as VerificationCodePage } from './verification-code-page';

let unmount: (() => void) | undefined;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  unmount?.();
  unmount = undefined;
  document.body.innerHTML = '';
});

const routes = [
  { path: '/sign-in', Component: SignInPage },
  { path: '/reset-password', Component: ResetPasswordPage },
  { path: '/verification-code', Component: VerificationCodePage },
  { path: '/please-check-your-email', Component: PleaseCheckYourEmailPage },
  { path: '/customer-portal/change-password', Component: ChangePasswordPage },
  { path: '/customer-portal/change-email', Component: ChangeEmailPage },
  { path: '/user-information', Component: () => <p>user information page</p> },
  { path: '/hardships', Component: () => <p>hardships page</p> },
];

function start(entry: string | { pathname: string; state?: unknown }) {
  const app = mountRoutes(routes, entry);
  unmount = app.unmount;
  const form = () => {
    const found = app.container.querySelector('form');
    if (!found) throw new Error('no form');
    return found;
  };
  return { ...app, form };
}

const signedInSession = {
  status: 200,
  body: {
    user: {
      id: 'u1',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Diaz',
      phoneNumber: '+15550101234',
      mustChangePassword: true,
      isStaff: false,
      twoFactorEnabled: false,
      secondFactorVerified: false,
    },
    resume: '/hardships',
  },
};

const dialogText = () => document.querySelector('[role="dialog"]')?.textContent ?? '';
const statusText = (root: HTMLElement) => root.querySelector('[role="status"]')?.textContent ?? '';

describe('/sign-in', () => {
  it('shows a message passed by navigation state in a status banner', () => {
    const app = start({ pathname: '/sign-in', state: { message: MESSAGES.passwordReset } });
    expect(statusText(app.container)).toBe(MESSAGES.passwordReset);
  });

  it('sends the lower-cased username and goes to /user-information when an initial password is needed', async () => {
    const calls = mockApi({
      'POST /api/auth/sign-in': { status: 200, body: { next: '/hardships', mustSetInitialPassword: true } },
      'GET /api/session': signedInSession,
    });
    const app = start('/sign-in');
    typeInto(byLabel('Email address'), ' Ana@Example.com ');
    typeInto(byLabel('Password'), 'temporary1');
    await submit(app.form());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/user-information'));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/sign-in',
      body: { username: 'ana@example.com', password: 'temporary1' },
    });
    expect(readSessionState()).toMatchObject({ mustSetInitialPassword: true, userId: 'u1' });
  });

  it('goes to the resume route otherwise', async () => {
    mockApi({
      'POST /api/auth/sign-in': { status: 200, body: { next: '/hardships', mustSetInitialPassword: false } },
      'GET /api/session': signedInSession,
    });
    const app = start('/sign-in');
    typeInto(byLabel('Email address'), 'ana@example.com');
    typeInto(byLabel('Password'), 'secret123');
    await submit(app.form());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/hardships'));
    expect(readSessionState().mustSetInitialPassword).toBeUndefined();
  });

  it.each([
    [{ status: 401, body: { code: 'NotAuthorizedException', message: MESSAGES.incorrectCredentials } }],
    ['network-error' as const],
  ])('shows the failure in the error modal (%#)', async (reply) => {
    mockApi({ 'POST /api/auth/sign-in': reply });
    const app = start('/sign-in');
    typeInto(byLabel('Email address'), 'ana@example.com');
    typeInto(byLabel('Password'), 'wrong');
    await submit(app.form());
    const expected = reply === 'network-error' ? MESSAGES.networkError : MESSAGES.incorrectCredentials;
    await waitFor(() => expect(dialogText()).toContain(expected));
    expect(app.router.state.location.pathname).toBe('/sign-in');
  });
});

describe('/reset-password with the emailed link', () => {
  const entry = '/reset-password?email=ana%40example.com&code=123456';

  async function fillAndSubmit(app: ReturnType<typeof start>) {
    typeInto(byLabel('New password'), 'newpass12');
    typeInto(byLabel('Confirm password'), 'newpass12');
    await submit(app.form());
  }

  it('refuses mismatched passwords with the spec message', async () => {
    const calls = mockApi({});
    const app = start(entry);
    typeInto(byLabel('New password'), 'newpass12');
    typeInto(byLabel('Confirm password'), 'newpass13');
    await submit(app.form());
    await waitFor(() => expect(app.container.textContent).toContain(MESSAGES.passwordsDoNotMatch));
    expect(calls).toEqual([]);
  });

  it('sends email, code and passwords, then shows the message on /sign-in', async () => {
    const calls = mockApi({
      'POST /api/auth/reset-password': {
        status: 200,
        body: { next: '/sign-in', message: MESSAGES.passwordReset },
      },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    const app = start(entry);
    await fillAndSubmit(app);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
    expect(calls[0]?.body).toEqual({
      email: 'ana@example.com',
      code: '123456',
      password: 'newpass12',
      confirmPassword: 'newpass12',
    });
    expect(statusText(app.container)).toBe(MESSAGES.passwordReset);
  });

  it.each([
    ['CodeMismatchException', MESSAGES.codeMismatch],
    ['ExpiredCodeException', MESSAGES.expiredCode],
  ])('follows the redirect of %s and shows its message there', async (code, message) => {
    mockApi({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { code, message, redirect: '/please-check-your-email' },
      },
    });
    const app = start(entry);
    await fillAndSubmit(app);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/please-check-your-email'));
    expect(statusText(app.container)).toBe(message);
  });

  it('shows LimitExceededException in the error modal and stays', async () => {
    mockApi({
      'POST /api/auth/reset-password': {
        status: 429,
        body: { code: 'LimitExceededException', message: MESSAGES.limitExceeded },
      },
    });
    const app = start(entry);
    await fillAndSubmit(app);
    await waitFor(() => expect(dialogText()).toContain(MESSAGES.limitExceeded));
    expect(app.router.state.location.pathname).toBe('/reset-password');
  });
});

describe('/reset-password for the initial password', () => {
  const information = { firstName: 'Ana', lastName: 'Diaz', phoneNumber: '555-010-1234' };
  const staffSession = {
    status: 200,
    body: { ...signedInSession.body, user: { ...signedInSession.body.user, isStaff: true } },
  };
  const postedTo = (calls: ApiCall[], path: string) =>
    calls.find((c) => c.method === 'POST' && c.path === path);

  it('asks a borrower for the emailed code and sends it with the /user-information values and the password', async () => {
    updateSessionState({ mustSetInitialPassword: true, userInformation: information });
    const calls = mockApi({
      'POST /api/auth/complete-new-password': { status: 200, body: { next: '/hardships' } },
      'GET /api/session': signedInSession,
    });
    const app = start('/reset-password');
    await waitFor(() => expect(app.container.textContent).toContain('ana@example.com'));
    typeInto(byLabel('Verification code'), '123 456');
    typeInto(byLabel('New password'), 'newpass12');
    typeInto(byLabel('Confirm password'), 'newpass12');
    await submit(app.form());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/hardships'));
    expect(postedTo(calls, '/api/auth/complete-new-password')?.body).toEqual({
      ...information,
      code: '123456',
      password: 'newpass12',
      confirmPassword: 'newpass12',
    });
    const state = readSessionState();
    expect([state.mustSetInitialPassword, state.userInformation]).toEqual([undefined, undefined]);
  });

  it('refuses to send the first password of a borrower without the code', async () => {
    updateSessionState({ mustSetInitialPassword: true, userInformation: information });
    const calls = mockApi({ 'GET /api/session': signedInSession });
    const app = start('/reset-password');
    await waitFor(() => expect(byLabel('Verification code')).toBeTruthy());
    typeInto(byLabel('New password'), 'newpass12');
    typeInto(byLabel('Confirm password'), 'newpass12');
    await submit(app.form());
    await waitFor(() => expect(app.container.textContent).toContain('Verification code is required'));
    expect(postedTo(calls, '/api/auth/complete-new-password')).toBeUndefined();
  });

  it('lets a staff member replace a temporary password without a code', async () => {
    updateSessionState({ mustSetInitialPassword: true, userInformation: information });
    const calls = mockApi({
      'POST /api/auth/complete-new-password': { status: 200, body: { next: '/two-factor/setup' } },
      'GET /api/session': staffSession,
    });
    const app = start('/reset-password');
    await waitFor(() => expect(byLabel('New password')).toBeTruthy());
    expect(() => byLabel('Verification code')).toThrow();
    typeInto(byLabel('New password'), 'newpass12');
    typeInto(byLabel('Confirm password'), 'newpass12');
    await submit(app.form());
    await waitFor(() =>
      expect(postedTo(calls, '/api/auth/complete-new-password')?.body).toEqual({
        ...information,
        password: 'newpass12',
        confirmPassword: 'newpass12',
      }),
    );
  });

  it('on failure clears the requirement and goes to /sign-in with the spec message', async () => {
    updateSessionState({ mustSetInitialPassword: true, userInformation: information });
    mockApi({
      'POST /api/auth/complete-new-password': {
        status: 400,
        body: { code: 'SetInitialPasswordFailed', message: MESSAGES.setInitialPasswordFailed },
      },
      'GET /api/session': signedInSession,
    });
    const app = start('/reset-password');
    await waitFor(() => expect(byLabel('Verification code')).toBeTruthy());
    typeInto(byLabel('Verification code'), '654321');
    typeInto(byLabel('New password'), 'newpass12');
    typeInto(byLabel('Confirm password'), 'newpass12');
    await submit(app.form());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
    expect(statusText(app.container)).toBe(MESSAGES.setInitialPasswordFailed);
    expect(readSessionState().mustSetInitialPassword).toBeUndefined();
  });

  it('without user information goes back to /user-information', async () => {
    updateSessionState({ mustSetInitialPassword: true });
    const app = start('/reset-password');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/user-information'));
  });

  it('with neither a code nor the requirement asks for the code', async () => {
    const app = start('/reset-password?email=ana%40example.com');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/verification-code'));
    expect(app.router.state.location.search).toBe('?email=ana%40example.com');
  });
});

describe('/verification-code', () => {
  it('asks for the email only when it is not known, and continues to /reset-password', async () => {
    updateSessionState({ forgotPasswordUsername: 'ana@example.com' });
    const app = start('/verification-code');
    expect(() => byLabel('Email address')).toThrow();
    typeInto(byLabel('Verification code'), '123 456');
    expect(byLabel('Verification code').value).toBe('123456');
    await submit(app.form());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/reset-password'));
    expect(app.router.state.location.search).toBe('?email=ana%40example.com&code=123456');
  });

  it('asks for the email when it is not known', async () => {
    const app = start('/verification-code');
    await submit(app.form());
    expect(app.container.textContent).toContain('Email address is required');
    expect(app.container.textContent).toContain('Verification code is required');
  });
});

describe('/customer-portal/change-password', () => {
  it('on success clears all session storage and shows the message on /sign-in', async () => {
    sessionStorage.setItem('other', 'x');
    updateSessionState({ userId: 'u1' });
    const calls = mockApi({
      'POST /api/auth/change-password': {
        status: 200,
        body: { next: '/sign-in', message: MESSAGES.passwordReset },
      },
    });
    const app = start('/customer-portal/change-password');
    typeInto(byLabel('Current password'), 'oldpass12');
    typeInto(byLabel('New password'), 'newpass12');
    typeInto(byLabel('Confirm password'), 'newpass12');
    await submit(app.form());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
    expect(calls[0]?.body).toEqual({
      currentPassword: 'oldpass12',
      password: 'newpass12',
      confirmPassword: 'newpass12',
    });
    expect(statusText(app.container)).toBe(MESSAGES.passwordReset);
    expect([sessionStorage.length, sessionStorage.getItem(SESSION_STORAGE_KEY)]).toEqual([0, null]);
  });

  it('shows the returned error message and stays', async () => {
    mockApi({
      'POST /api/auth/change-password': {
        status: 400,
        body: { code: 'NotAuthorizedException', message: 'Incorrect current password' },
      },
    });
    const app = start('/customer-portal/change-password');
    typeInto(byLabel('Current password'), 'oldpass12');
    typeInto(byLabel('New password'), 'newpass12');
    typeInto(byLabel('Confirm password'), 'newpass12');
    await submit(app.form());
    await waitFor(() => expect(dialogText()).toContain('Incorrect current password'));
    expect(app.router.state.location.pathname).toBe('/customer-portal/change-password');
  });
});

describe('/customer-portal/change-email', () => {
  it('sends the new email, says a link went there, and stays signed in', async () => {
    updateSessionState({ userId: 'u1' });
    const calls = mockApi({
      'GET /api/session': signedInSession,
      'POST /api/auth/change-email': { status: 200, body: { message: MESSAGES.verifyNewEmailSent } },
    });
    const app = start('/customer-portal/change-email');
    await waitFor(() => expect(app.container.textContent).toContain('ana@example.com'));
    typeInto(byLabel('New email address'), 'new@example.com');
    typeInto(byLabel('Confirm new email address'), 'new@example.com');
    await submit(app.form());
    await waitFor(() => expect(statusText(app.container)).toBe(MESSAGES.verifyNewEmailSent));
    expect(calls.find((c) => c.path === '/api/auth/change-email')?.body).toEqual({
      email: 'new@example.com',
      confirmEmail: 'new@example.com',
    });
    expect(app.container.textContent).toContain('Link sent to new@example.com');
    expect(app.router.state.location.pathname).toBe('/customer-portal/change-email');
    // Nothing changed yet: the browser keeps the session.
    expect(readSessionState().userId).toBe('u1');
    expect(calls.some((c) => c.path === '/api/auth/sign-out')).toBe(false);
  });

  it('shows a refused address in the error modal and stays on the form', async () => {
    mockApi({
      'GET /api/session': signedInSession,
      'POST /api/auth/change-email': {
        status: 409,
        body: { code: 'Conflict', message: 'An account with the given email already exists.' },
      },
    });
    const app = start('/customer-portal/change-email');
    typeInto(byLabel('New email address'), 'taken@example.com');
    typeInto(byLabel('Confirm new email address'), 'taken@example.com');
    await submit(app.form());
    await waitFor(() => expect(dialogText()).toContain('An account with the given email already exists.'));
    expect(statusText(app.container)).toBe('');
  });
});
