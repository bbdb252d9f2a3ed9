import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { APP_ERROR_DEFAULT_MESSAGE_REF } from '#domain/errors';
import { MESSAGES } from '#domain/validation/messages';
import { EMAIL_UPDATED_NOTICE_MS, emailRecentlyUpdated, noteEmailUpdated } from '#web/lib/email-updated';
import { readSessionState, SESSION_STORAGE_KEY, updateSessionState } from '#web/lib/session';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as ChangeEmailPage } from './change-email-page';
import { Component as ChangePasswordPage } from './change-password-page';
import { Component as PleaseCheckYourEmailPage } from './please-check-your-email-page';
import { Component as ResetPasswordPage } from './reset-password-page';
import { Component as SignInPage } from './sign-in-page';
import { Component as VerificationCodePage } from './verification-code-page';
import { Component as VerifyNewEmailPage } from './verify-new-email-page';

beforeEach(() => sessionStorage.clear());

const routes = [
  { path: '/sign-in', Component: SignInPage },
  { path: '/reset-password', Component: ResetPasswordPage },
  { path: '/verification-code', Component: VerificationCodePage },
  { path: '/please-check-your-email', Component: PleaseCheckYourEmailPage },
  { path: '/customer-portal/change-password', Component: ChangePasswordPage },
  { path: '/customer-portal/change-email', Component: ChangeEmailPage },
  { path: '/user-information', Component: () => <p>user information page</p> },
  { path: '/hardships', Component: () => <p>hardships page</p> },
  { path: '/two-factor/setup', Component: () => <p>authenticator set-up page</p> },
  { path: '/two-factor', Component: () => <p>authenticator code page</p> },
];

function start(entry: string | { pathname: string; state?: unknown }) {
  const app = renderRoutes(routes, entry);
  /** Types into the labelled field, as a person does. */
  const type = async (label: string, text: string) =>
    app.user.type(await screen.findByLabelText(label), text);
  /** Pastes into the labelled field, the whole text at once. */
  const paste = async (label: string, text: string) => {
    await app.user.click(await screen.findByLabelText(label));
    await app.user.paste(text);
  };
  /** Sends the form with its button. */
  const send = async (button: string) => app.user.click(screen.getByRole('button', { name: button }));
  return { ...app, type, paste, send };
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

const dialogText = () => screen.queryByRole('dialog')?.textContent ?? '';
const statusText = () => screen.queryByRole('status')?.textContent ?? '';
/** The status banner's text, once the page shows one. */
const shownStatus = async () => (await screen.findByRole('status')).textContent;
const pageText = () => document.body.textContent ?? '';

describe('/sign-in', () => {
  it('shows a message passed by navigation state in a status banner', async () => {
    start({ pathname: '/sign-in', state: { message: MESSAGES.passwordReset } });
    expect(await shownStatus()).toBe(MESSAGES.passwordReset);
  });

  it('sends the lower-cased username and goes to /user-information when an initial password is needed', async () => {
    const calls = answerApi({
      'POST /api/auth/sign-in': { status: 200, body: { next: '/hardships', mustSetInitialPassword: true } },
      'GET /api/session': signedInSession,
    });
    const app = start('/sign-in');
    await app.type('Email address', ' Ana@Example.com ');
    await app.type('Password', 'temporary1');
    await app.send('Sign In');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/user-information'));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/sign-in',
      body: { username: 'ana@example.com', password: 'temporary1' },
    });
    expect(readSessionState()).toMatchObject({ mustSetInitialPassword: true, userId: 'u1' });
  });

  it('goes to the resume route otherwise', async () => {
    answerApi({
      'POST /api/auth/sign-in': { status: 200, body: { next: '/hardships', mustSetInitialPassword: false } },
      'GET /api/session': signedInSession,
    });
    const app = start('/sign-in');
    await app.type('Email address', 'ana@example.com');
    await app.type('Password', 'secret123');
    await app.send('Sign In');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/hardships'));
    expect(readSessionState().mustSetInitialPassword).toBeUndefined();
  });

  it.each([
    [{ status: 401, body: { code: 'NotAuthorizedException', message: MESSAGES.incorrectCredentials } }],
    ['network-error' as const],
  ])('shows the failure in the error modal (%#)', async (reply) => {
    answerApi({ 'POST /api/auth/sign-in': reply });
    const app = start('/sign-in');
    await app.type('Email address', 'ana@example.com');
    await app.type('Password', 'wrong');
    await app.send('Sign In');
    const expected = reply === 'network-error' ? MESSAGES.networkError : MESSAGES.incorrectCredentials;
    await waitFor(() => expect(dialogText()).toContain(expected));
    expect(app.router.state.location.pathname).toBe('/sign-in');
  });

  it('tells, after a refused sign-in, how a borrower who never set a password gets in', async () => {
    answerApi({
      'POST /api/auth/sign-in': {
        status: 401,
        body: { code: 'NotAuthorizedException', message: MESSAGES.incorrectCredentials },
      },
    });
    const app = start('/sign-in');
    expect(pageText()).not.toContain(MESSAGES.firstPasswordHint);
    await app.type('Email address', 'ana@example.com');
    await app.type('Password', 'wrong');
    await app.send('Sign In');
    await waitFor(() => expect(pageText()).toContain(MESSAGES.firstPasswordHint));
    await app.user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('/reset-password with the first-password link', () => {
  it('says "Set your password", sends the code and shows the server\'s message on /sign-in', async () => {
    const calls = answerApi({
      'POST /api/auth/reset-password': {
        status: 200,
        body: { next: '/sign-in', message: MESSAGES.passwordSet },
      },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    const app = start('/reset-password?email=ana%40example.com&code=123456&purpose=set');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
    expect(pageText()).not.toContain('Reset');
    await app.type('New password', 'newpass12');
    await app.type('Confirm password', 'newpass12');
    await app.send('Set Password');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
    expect(calls[0]?.body).toMatchObject({ email: 'ana@example.com', code: '123456' });
    expect(await shownStatus()).toBe(MESSAGES.passwordSet);
  });
});

describe('/reset-password with the emailed link', () => {
  const entry = '/reset-password?email=ana%40example.com&code=123456';

  async function fillAndSubmit(app: ReturnType<typeof start>) {
    await app.type('New password', 'newpass12');
    await app.type('Confirm password', 'newpass12');
    await app.send('Reset Password');
  }

  it('refuses mismatched passwords with the spec message', async () => {
    const calls = answerApi({});
    const app = start(entry);
    await app.type('New password', 'newpass12');
    await app.type('Confirm password', 'newpass13');
    await app.send('Reset Password');
    await waitFor(() => expect(pageText()).toContain(MESSAGES.passwordsDoNotMatch));
    expect(calls).toEqual([]);
  });

  it('sends email, code and passwords, then shows the message on /sign-in', async () => {
    const calls = answerApi({
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
    expect(await shownStatus()).toBe(MESSAGES.passwordReset);
  });

  it.each([
    ['CodeMismatchException', MESSAGES.codeMismatch],
    ['ExpiredCodeException', MESSAGES.expiredCode],
  ])('follows the redirect of %s and shows its message there', async (code, message) => {
    answerApi({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { code, message, redirect: '/please-check-your-email' },
      },
    });
    const app = start(entry);
    await fillAndSubmit(app);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/please-check-your-email'));
    expect(await shownStatus()).toBe(message);
  });

  it('shows LimitExceededException in the error modal and stays', async () => {
    answerApi({
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
    body: {
      user: { ...signedInSession.body.user, isStaff: true },
      resume: '/user-information',
    },
  };
  const postedTo = (calls: ApiCall[], path: string) =>
    calls.find((c) => c.method === 'POST' && c.path === path);

  it('asks a borrower for the emailed code and sends it with the /user-information values and the password', async () => {
    updateSessionState({ mustSetInitialPassword: true, userInformation: information });
    const calls = answerApi({
      'POST /api/auth/complete-new-password': { status: 200, body: { next: '/hardships' } },
      'GET /api/session': signedInSession,
    });
    const app = start('/reset-password');
    await waitFor(() => expect(pageText()).toContain('ana@example.com'));
    await app.paste('Verification code', '123 456');
    await app.type('New password', 'newpass12');
    await app.type('Confirm password', 'newpass12');
    await app.send('Save Password');
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
    const calls = answerApi({ 'GET /api/session': signedInSession });
    const app = start('/reset-password');
    await screen.findByLabelText('Verification code');
    await app.type('New password', 'newpass12');
    await app.type('Confirm password', 'newpass12');
    await app.send('Save Password');
    await waitFor(() => expect(pageText()).toContain('Verification code is required'));
    expect(postedTo(calls, '/api/auth/complete-new-password')).toBeUndefined();
  });

  it('lets a staff member replace a temporary password without a code', async () => {
    updateSessionState({ mustSetInitialPassword: true, userInformation: information });
    const calls = answerApi({
      'POST /api/auth/complete-new-password': { status: 200, body: { next: '/two-factor/setup' } },
      'GET /api/session': staffSession,
    });
    const app = start('/reset-password');
    await screen.findByLabelText('New password');
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    await app.type('New password', 'newpass12');
    await app.type('Confirm password', 'newpass12');
    await app.send('Save Password');
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
    answerApi({
      'POST /api/auth/complete-new-password': {
        status: 400,
        body: { code: 'SetInitialPasswordFailed', message: MESSAGES.setInitialPasswordFailed },
      },
      'GET /api/session': signedInSession,
    });
    const app = start('/reset-password');
    await screen.findByLabelText('Verification code');
    await app.type('Verification code', '654321');
    await app.type('New password', 'newpass12');
    await app.type('Confirm password', 'newpass12');
    await app.send('Save Password');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
    expect(await shownStatus()).toBe(MESSAGES.setInitialPasswordFailed);
    expect(readSessionState().mustSetInitialPassword).toBeUndefined();
  });

  it('without user information goes back to /user-information', async () => {
    updateSessionState({ mustSetInitialPassword: true });
    answerApi({ 'GET /api/session': signedInSession });
    const app = start('/reset-password');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/user-information'));
  });

  // A new tab holds none of the first tab's stored state: the server's step decides.
  it.each([
    ['in a new tab, before the information', {}, '/user-information'],
    ['in a new tab, with the information given in it', { userInformation: information }, '/reset-password'],
  ])('takes a staff member with a temporary password to the right step (%s)', async (_, stored, path) => {
    updateSessionState(stored);
    answerApi({ 'GET /api/session': staffSession });
    const app = start('/reset-password');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(path));
    if (path === '/reset-password') await screen.findByLabelText('New password');
    expect(app.router.state.location.pathname).not.toBe('/verification-code');
  });

  it.each([
    ['the new password is saved', '/two-factor/setup'],
    ['the authenticator code is still to be given', '/two-factor'],
  ])('sends a staff member on when %s (a reload or an old tab)', async (_, resume) => {
    updateSessionState({ mustSetInitialPassword: true, userInformation: information });
    answerApi({
      'GET /api/session': {
        status: 200,
        body: { user: { ...staffSession.body.user, mustChangePassword: false }, resume },
      },
    });
    const app = start('/reset-password');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(resume));
  });

  it('with neither a code nor the requirement asks for the code', async () => {
    answerApi({ 'GET /api/session': { status: 200, body: { user: null } } });
    const app = start('/reset-password?email=ana%40example.com');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/verification-code'));
    expect(app.router.state.location.search).toBe('?email=ana%40example.com');
  });
});

describe('/verification-code', () => {
  it('asks for the email only when it is not known, and continues to /reset-password', async () => {
    updateSessionState({ forgotPasswordUsername: 'ana@example.com' });
    const app = start('/verification-code');
    await screen.findByLabelText('Verification code');
    expect(screen.queryByLabelText('Email address')).toBeNull();
    await app.paste('Verification code', '123 456');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    await app.send('Continue');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/reset-password'));
    expect(app.router.state.location.search).toBe('?email=ana%40example.com&code=123456');
  });

  it('asks for the email when it is not known', async () => {
    const app = start('/verification-code');
    await app.send('Continue');
    await waitFor(() => expect(pageText()).toContain('Email address is required'));
    expect(pageText()).toContain('Verification code is required');
  });
});

describe('/customer-portal/change-password', () => {
  it('on success clears all session storage and shows the message on /sign-in', async () => {
    sessionStorage.setItem('other', 'x');
    updateSessionState({ userId: 'u1' });
    const calls = answerApi({
      'POST /api/auth/change-password': {
        status: 200,
        body: { next: '/sign-in', message: MESSAGES.passwordReset },
      },
    });
    const app = start('/customer-portal/change-password');
    await app.type('Current password', 'oldpass12');
    await app.type('New password', 'newpass12');
    await app.type('Confirm password', 'newpass12');
    await app.send('Change Password');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
    expect(calls[0]?.body).toEqual({
      currentPassword: 'oldpass12',
      password: 'newpass12',
      confirmPassword: 'newpass12',
    });
    expect(await shownStatus()).toBe(MESSAGES.passwordReset);
    expect([sessionStorage.length, sessionStorage.getItem(SESSION_STORAGE_KEY)]).toEqual([0, null]);
  });

  it('shows the returned error message and stays', async () => {
    answerApi({
      'POST /api/auth/change-password': {
        status: 400,
        body: { code: 'NotAuthorizedException', message: 'Incorrect current password' },
      },
    });
    const app = start('/customer-portal/change-password');
    await app.type('Current password', 'oldpass12');
    await app.type('New password', 'newpass12');
    await app.type('Confirm password', 'newpass12');
    await app.send('Change Password');
    await waitFor(() => expect(dialogText()).toContain('Incorrect current password'));
    expect(app.router.state.location.pathname).toBe('/customer-portal/change-password');
  });
});

describe('/customer-portal/change-email', () => {
  it('sends the new email, says a link went there, and stays signed in', async () => {
    updateSessionState({ userId: 'u1' });
    const calls = answerApi({
      'GET /api/session': signedInSession,
      'POST /api/auth/change-email': { status: 200, body: { message: MESSAGES.verifyNewEmailSent } },
    });
    const app = start('/customer-portal/change-email');
    await waitFor(() => expect(pageText()).toContain('ana@example.com'));
    await app.type('New email address', 'new@example.com');
    await app.type('Confirm new email address', 'new@example.com');
    await app.send('Change Email');
    await waitFor(() => expect(statusText()).toBe(MESSAGES.verifyNewEmailSent));
    expect(calls.find((c) => c.path === '/api/auth/change-email')?.body).toEqual({
      email: 'new@example.com',
      confirmEmail: 'new@example.com',
    });
    expect(pageText()).toContain('Link sent to new@example.com');
    expect(app.router.state.location.pathname).toBe('/customer-portal/change-email');
    // Nothing changed yet: the browser keeps the session.
    expect(readSessionState().userId).toBe('u1');
    expect(calls.some((c) => c.path === '/api/auth/sign-out')).toBe(false);
  });

  it('shows a refused address in the error modal and stays on the form', async () => {
    answerApi({
      'GET /api/session': signedInSession,
      'POST /api/auth/change-email': {
        status: 409,
        body: { code: 'Conflict', message: 'An account with the given email already exists.' },
      },
    });
    const app = start('/customer-portal/change-email');
    await app.type('New email address', 'taken@example.com');
    await app.type('Confirm new email address', 'taken@example.com');
    await app.send('Change Email');
    await waitFor(() => expect(dialogText()).toContain('An account with the given email already exists.'));
    expect(statusText()).toBe('');
  });
});

describe('after an email change', () => {
  beforeEach(() => localStorage.clear());
  const MINUTE = 60 * 1000;

  it('/verify-new-email notes the change, shows the spec’s message and leads to /sign-in, which says why', async () => {
    const calls = answerApi({
      'POST /api/auth/verify-new-email': { status: 200, body: { message: MESSAGES.verifyNewEmailSuccess } },
    });
    const app = renderRoutes(
      [...routes, { path: '/verify-new-email', Component: VerifyNewEmailPage }],
      '/verify-new-email?email=new%40example.com&code=123456',
    );
    expect(emailRecentlyUpdated()).toBe(false);
    await app.user.type(await screen.findByLabelText('Password'), 'secret123');
    await app.user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await shownStatus()).toBe(MESSAGES.verifyNewEmailSuccess);
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'new@example.com', code: '123456', password: 'secret123' },
    ]);
    expect(emailRecentlyUpdated()).toBe(true);
    await app.user.click(screen.getByRole('link', { name: 'Sign in with your new email' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
    expect(await shownStatus()).toBe(MESSAGES.emailUpdated);
  });

  it('/verify-new-email notes nothing when the change is refused', async () => {
    answerApi({
      'POST /api/auth/verify-new-email': {
        status: 400,
        body: { code: 'VerifyNewEmailFailed', message: MESSAGES.verifyNewEmailFailed },
      },
    });
    const app = renderRoutes(
      [{ path: '/verify-new-email', Component: VerifyNewEmailPage }],
      '/verify-new-email?email=new%40example.com&code=123456',
    );
    await app.user.type(await screen.findByLabelText('Password'), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(dialogText()).toContain(MESSAGES.verifyNewEmailFailed));
    expect(emailRecentlyUpdated()).toBe(false);
  });

  it.each([
    ['arrives with no message', undefined, MESSAGES.emailUpdated],
    ['was found signed out by a call', APP_ERROR_DEFAULT_MESSAGE_REF.NotAuthenticated, MESSAGES.emailUpdated],
    ['was sent with a message of its own', MESSAGES.passwordReset, MESSAGES.passwordReset],
  ])('/sign-in says the email changed when the person %s', async (_case, passed, shown) => {
    noteEmailUpdated(Date.now() - 5 * MINUTE);
    start({ pathname: '/sign-in', state: passed ? { message: passed } : null });
    expect(await shownStatus()).toBe(shown);
  });

  it('/sign-in says nothing of a change made long ago', async () => {
    noteEmailUpdated(Date.now() - EMAIL_UPDATED_NOTICE_MS - MINUTE);
    start('/sign-in');
    await screen.findByRole('button', { name: 'Sign In' });
    expect(statusText()).toBe('');
  });

  it('/sign-in forgets the change once the person signs in', async () => {
    noteEmailUpdated();
    answerApi({
      'POST /api/auth/sign-in': { status: 200, body: { next: '/hardships', mustSetInitialPassword: false } },
      'GET /api/session': signedInSession,
    });
    const app = start('/sign-in');
    expect(await shownStatus()).toBe(MESSAGES.emailUpdated);
    await app.type('Email address', 'new@example.com');
    await app.type('Password', 'secret123');
    await app.send('Sign In');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/hardships'));
    expect(emailRecentlyUpdated()).toBe(false);
  });
});
