import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { mountRoutes, settle } from '../../components/ui/form/dom-test-helpers';
import { Component as PreferencesPage, staffListName } from './preferences-page';

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

let usersReply: { status: number; body: unknown };
let app: ReturnType<typeof mountRoutes> | undefined;

beforeEach(() => {
  usersReply = {
    status: 200,
    body: {
      users: [
        { id: 'staff-me', name: 'Dana Reyes', email: 'dana@agency.test' },
        { id: 'staff-2', name: '', email: 'new@agency.test' },
      ],
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input === '/api/session') return Response.json(session);
      if (input === '/api/staff/users') return Response.json(usersReply.body, { status: usersReply.status });
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

async function open() {
  app = mountRoutes(
    [
      { path: '/preferences', Component: PreferencesPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/preferences',
  );
  await settle();
}

describe('/preferences', () => {
  it('shows the profile box with the change email and change password links', async () => {
    await open();
    const profile = document.querySelector('section[aria-labelledby="profile-heading"]')!;
    expect(profile.textContent).toContain('Dana Reyes');
    expect(profile.textContent).toContain('dana@agency.test');
    const links = [...profile.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Change email', '/change-email'],
      ['Change password', '/change-password'],
    ]);
  });

  it("lists the staff, with 'Name Unavailable' for a member without a name and '(You)' for me", async () => {
    await open();
    const rows = [...document.querySelectorAll('tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['Dana Reyes (You)', 'dana@agency.test'],
      [MESSAGES.nameUnavailable, 'new@agency.test'],
    ]);
  });

  it('offers a retry when the staff list cannot be read', async () => {
    usersReply = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await open();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(
      'The staff list could not be loaded. Please try again.',
    );
  });

  it.each([
    ['Lee Park', 'Lee Park'],
    ['  ', MESSAGES.nameUnavailable],
    [null, MESSAGES.nameUnavailable],
  ])('staffListName(%j) is %j', (name, expected) => {
    expect(staffListName(name)).toBe(expected);
  });
});
