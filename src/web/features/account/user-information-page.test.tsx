import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSessionState } from '#web/lib/session';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as UserInformationPage } from './user-information-page';

beforeEach(() => sessionStorage.clear());

const routes = [
  { path: '/user-information', Component: UserInformationPage },
  { path: '/reset-password', Component: () => <p>new password page</p> },
  { path: '/two-factor/setup', Component: () => <p>authenticator set-up page</p> },
  { path: '/two-factor', Component: () => <p>authenticator code page</p> },
  { path: '/sign-in', Component: () => <p>sign-in page</p> },
];

const staff = {
  id: 's1',
  email: 'casey@agency.org',
  firstName: null,
  lastName: null,
  phoneNumber: null,
  mustChangePassword: true,
  isStaff: true,
  twoFactorEnabled: false,
  secondFactorVerified: false,
};

describe('/user-information for a staff member', () => {
  it('asks for the details while the temporary password is still to be replaced, and goes on', async () => {
    answerApi({ 'GET /api/session': { status: 200, body: { user: staff, resume: '/user-information' } } });
    const app = renderRoutes(routes, '/user-information');
    await app.user.type(await screen.findByLabelText('First name'), 'Casey');
    await app.user.type(screen.getByLabelText('Last name'), 'Counsellor');
    await app.user.type(screen.getByLabelText('Phone number'), '3125550100');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/reset-password'));
    expect(readSessionState().userInformation?.firstName).toBe('Casey');
  });

  // A reload, the back button or an old tab after a step was done: the server's step, not this form again.
  it.each([
    ['the new password was saved', { mustChangePassword: false }, '/two-factor/setup'],
    ['an enrolled app still waits for its code', { twoFactorEnabled: true }, '/two-factor'],
  ])('goes to the step still to do when %s', async (_, change, resume) => {
    answerApi({ 'GET /api/session': { status: 200, body: { user: { ...staff, ...change }, resume } } });
    const app = renderRoutes(routes, '/user-information');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(resume));
    expect(screen.queryByLabelText('First name')).toBeNull();
  });

  it('sends a signed-out visitor to sign in', async () => {
    answerApi({ 'GET /api/session': { status: 200, body: { user: null } } });
    const app = renderRoutes(routes, '/user-information');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
  });
});
