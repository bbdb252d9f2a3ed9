import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionAnswer } from '#web/lib/session';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as TwoFactorPage } from './two-factor-page';
import { Component as TwoFactorSetupPage } from './two-factor-setup-page';
import { groupSecret, SECOND_FACTOR_CODE_MESSAGE, TOTP_CODE_MESSAGE } from './two-factor-schemas';

beforeEach(() => sessionStorage.clear());

const routes = [
  { path: '/two-factor', Component: TwoFactorPage },
  { path: '/two-factor/setup', Component: TwoFactorSetupPage },
  { path: '/sign-in', Component: () => <p>sign-in page</p> },
  { path: '/summary', Component: () => <p>summary page</p> },
  { path: '/user-information', Component: () => <p>user information page</p> },
  { path: '/offers/review', Component: () => <p>borrower page</p> },
];

function start(entry: string) {
  const app = renderRoutes(routes, entry);
  /** Types into the labelled field (replacing what it held), as a person does. */
  const type = async (label: string, text: string) => {
    const input = await screen.findByLabelText(label);
    await app.user.clear(input);
    await app.user.type(input, text);
  };
  /** Sends the form the way a person does from its field: Enter. */
  const pressEnter = () => app.user.keyboard('{Enter}');
  return { ...app, type, pressEnter };
}
const described = (label: string) => screen.getByLabelText(label);

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
const dialogText = () => screen.queryByRole('dialog')?.textContent ?? '';

describe('/two-factor', () => {
  it('sends the code and goes where the server says', async () => {
    const calls = answerApi({
      'POST /api/auth/two-factor/verify': {
        status: 200,
        body: { next: '/summary', mustSetInitialPassword: false },
      },
      'GET /api/session': verified,
    });
    const app = start('/two-factor');
    await app.type('Authentication code', ' 123456 ');
    await app.pressEnter();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/summary'));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/two-factor/verify',
      body: { code: '123456' },
    });
  });

  it('asks for a code before calling the server', async () => {
    const calls = answerApi({});
    const app = start('/two-factor');
    await app.user.click(screen.getByLabelText('Authentication code'));
    await app.pressEnter();
    await waitFor(() =>
      expect(described('Authentication code')).toHaveAccessibleDescription(
        expect.stringContaining(SECOND_FACTOR_CODE_MESSAGE),
      ),
    );
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
    answerApi({ 'POST /api/auth/two-factor/verify': reply });
    const app = start('/two-factor');
    await app.type('Authentication code', '654321');
    await app.pressEnter();
    await waitFor(() => expect(app.router.state.location.pathname).toBe(path));
    if (path === '/two-factor') {
      await waitFor(() =>
        expect(described('Authentication code')).toHaveAccessibleDescription(
          expect.stringContaining('That code is not valid.'),
        ),
      );
      expect(dialogText()).toBe('');
    }
  });
});

describe('/two-factor/setup', () => {
  it('asks for the password, shows the QR code and key, confirms a code, then shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const calls = answerApi({
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
    await app.type('Password', 'Staff#Pass9');
    await app.pressEnter();
    const img = await screen.findByRole('img');
    expect(img.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(img.getAttribute('alt')).toBe('QR code for Clearpath Debt Relief, casey@agency.org');
    expect(app.container.textContent).toContain(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'));

    await app.type('Authentication code', '12a');
    await app.pressEnter();
    await waitFor(() =>
      expect(described('Authentication code')).toHaveAccessibleDescription(
        expect.stringContaining(TOTP_CODE_MESSAGE),
      ),
    );
    await app.type('Authentication code', '123 456');
    await app.pressEnter();
    await waitFor(() => expect(app.container.textContent).toContain('Save your recovery codes'));
    for (const code of codes) expect(app.container.textContent).toContain(code);
    expect(calls.find((c) => c.path.endsWith('/confirm'))?.body).toEqual({ code: '123456' });

    await app.user.click(screen.getByRole('button', { name: 'I have saved my codes, continue' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/summary'));
  });

  it.each([
    { label: 'an anonymous visitor', session: { status: 200, body: { user: null } }, path: '/sign-in' },
    { label: 'an enrolled staff member', session: verified, path: '/summary' },
  ])('sends $label away', async ({ session, path }) => {
    answerApi({ 'GET /api/session': session });
    const app = start('/two-factor/setup');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(path));
  });

  it('puts a wrong password on the field', async () => {
    answerApi({
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
    await app.type('Password', 'Wrong#1');
    await app.pressEnter();
    await waitFor(() =>
      expect(described('Password')).toHaveAccessibleDescription(
        expect.stringContaining('Incorrect password'),
      ),
    );
  });
});
