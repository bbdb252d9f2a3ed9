import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionAnswer } from '../../app/session';
import {
  buttonByName,
  byLabel,
  describedText,
  mockApi,
  mountRoutes,
  submit,
  typeInto,
  waitFor,
} from '../../components/ui/form/dom-test-helpers';
import { Component as TwoFactorPage } from './two-factor-page';
import { Component as TwoFactorSetupPage } from './two-factor-setup-page';
import { groupSecret, SECOND_FACTOR_CODE_MESSAGE, TOTP_CODE_MESSAGE } from './two-factor-schemas';

const realFetch = globalThis.fetch;
let unmount: (() => void) | undefined;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  unmount?.();
  unmount = undefined;
  globalThis.fetch = realFetch;
  document.body.innerHTML = '';
});

const routes = [
  { path: '/two-factor', Component: TwoFactorPage },
  { path: '/two-factor/setup', Component: TwoFactorSetupPage },
  { path: '/sign-in', Component: () => <p>sign-in page</p> },
  { path: '/summary', Component: () => <p>summary page</p> },
  { path: '/user-information', Component: () => <p>user information page</p> },
  { path: '/offers/review', Component: () => <p>borrower page</p> },
];

function start(entry: string) {
  const app = mountRoutes(routes, entry);
  unmount = app.unmount;
  const form = () => {
    const found = app.container.querySelector('form');
    if (!found) throw new Error('no form');
    return found;
  };
  return { ...app, form };
}

const staffSession = (o: { twoFactorEnabled: boolean; secondFactorVerified: boolean; resume: string }) => ({
  status: 200,
  body: {
    user: {
      id: 's1',
      email: 'casey@agency.org',
      firstName: 'Casey',
      lastName: 'Counsellor',
      phoneNumber: null,
      mustChangePassword: false,
      isStaff: true,
      twoFactorEnabled: o.twoFactorEnabled,
      secondFactorVerified: o.secondFactorVerified,
    },
    resume: o.resume,
  } satisfies SessionAnswer,
});
const toEnrol = staffSession({
  twoFactorEnabled: false,
  secondFactorVerified: false,
  resume: '/two-factor/setup',
});
const verified = staffSession({ twoFactorEnabled: true, secondFactorVerified: true, resume: '/summary' });
const dialogText = () => document.querySelector('[role="dialog"]')?.textContent ?? '';

describe('/two-factor', () => {
  it('sends the code and goes where the server says', async () => {
    const calls = mockApi({
      'POST /api/auth/two-factor/verify': {
        status: 200,
        body: { next: '/summary', mustSetInitialPassword: false },
      },
      'GET /api/session': verified,
    });
    const app = start('/two-factor');
    typeInto(byLabel('Authentication code'), ' 123456 ');
    await submit(app.form());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/summary'));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/two-factor/verify',
      body: { code: '123456' },
    });
  });

  it('asks for a code before calling the server', async () => {
    const calls = mockApi({});
    const app = start('/two-factor');
    await submit(app.form());
    expect(describedText(byLabel('Authentication code'))).toContain(SECOND_FACTOR_CODE_MESSAGE);
    expect(calls).toEqual([]);
  });

  it.each([
    {
      label: 'a wrong code shows the field message',
      reply: {
        status: 400,
        body: {
          code: 'CodeMismatchException',
          message: 'That code is not valid. Please try again.',
          fieldErrors: { code: 'That code is not valid. Please try again.' },
        },
      },
      path: '/two-factor',
    },
    {
      label: 'a spent sign-in goes back to /sign-in',
      reply: {
        status: 429,
        body: {
          code: 'LimitExceededException',
          message: 'Too many incorrect codes. Please sign in again.',
          redirect: '/sign-in',
        },
      },
      path: '/sign-in',
    },
  ])('$label', async ({ reply, path }) => {
    mockApi({ 'POST /api/auth/two-factor/verify': reply });
    const app = start('/two-factor');
    typeInto(byLabel('Authentication code'), '654321');
    await submit(app.form());
    await waitFor(() => expect(app.router.state.location.pathname).toBe(path));
    if (path === '/two-factor') {
      expect(describedText(byLabel('Authentication code'))).toContain('That code is not valid.');
      expect(dialogText()).toBe('');
    }
  });
});

describe('/two-factor/setup', () => {
  it('asks for the password, shows the QR code and key, confirms a code, then shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const calls = mockApi({
      'GET /api/session': () => (calls.some((c) => c.path.endsWith('/confirm')) ? verified : toEnrol),
      'POST /api/auth/two-factor/setup': {
        status: 200,
        body: {
          totpUri:
            'otpauth://totp/Clearpath%20Debt%20Relief:casey%40agency.org?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      },
      'POST /api/auth/two-factor/setup/confirm': {
        status: 200,
        body: { recoveryCodes: codes, next: '/summary' },
      },
    });
    const app = start('/two-factor/setup');
    await waitFor(() => expect(byLabel('Password')).toBeTruthy());
    typeInto(byLabel('Password'), 'Staff#Pass9');
    await submit(app.form());
    await waitFor(() => expect(app.container.querySelector('img')).not.toBeNull());
    const img = app.container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(img.getAttribute('alt')).toBe('QR code for Clearpath Debt Relief, casey@agency.org');
    expect(app.container.textContent).toContain(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'));

    typeInto(byLabel('Authentication code'), '12a');
    await submit(app.form());
    expect(describedText(byLabel('Authentication code'))).toContain(TOTP_CODE_MESSAGE);
    typeInto(byLabel('Authentication code'), '123 456');
    await submit(app.form());
    await waitFor(() => expect(app.container.textContent).toContain('Save your recovery codes'));
    for (const code of codes) expect(app.container.textContent).toContain(code);
    expect(calls.find((c) => c.path.endsWith('/confirm'))?.body).toEqual({ code: '123456' });

    act(() => buttonByName('I have saved my codes, continue').click());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/summary'));
  });

  it.each([
    { label: 'an anonymous visitor', session: { status: 200, body: { user: null } }, path: '/sign-in' },
    { label: 'an enrolled staff member', session: verified, path: '/summary' },
  ])('sends $label away', async ({ session, path }) => {
    mockApi({ 'GET /api/session': session });
    const app = start('/two-factor/setup');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(path));
  });

  it('puts a wrong password on the field', async () => {
    mockApi({
      'GET /api/session': toEnrol,
      'POST /api/auth/two-factor/setup': {
        status: 401,
        body: {
          code: 'NotAuthorizedException',
          message: 'Incorrect password',
          fieldErrors: { password: 'Incorrect password' },
        },
      },
    });
    const app = start('/two-factor/setup');
    await waitFor(() => expect(byLabel('Password')).toBeTruthy());
    typeInto(byLabel('Password'), 'Wrong#1');
    await submit(app.form());
    await waitFor(() => expect(describedText(byLabel('Password'))).toContain('Incorrect password'));
  });
});
