import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { renderRoutes } from '#web/test/render';
import { Component as PreferencesPage, staffListName } from './preferences-page';
import { server } from '#web/test/api-mock';
import { staffSession } from '#web/test/sessions';

const session = staffSession();

let usersReply: { status: number; body: unknown };

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
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/staff/counselling/availability', () =>
      HttpResponse.json({ timeZone: 'America/New_York', languages: [], weeklyHours: [], timeOff: [] }),
    ),
    http.get('/api/staff/users', () =>
      HttpResponse.json(usersReply.body as object, { status: usersReply.status }),
    ),
  );
});

function open() {
  renderRoutes(
    [
      { path: '/preferences', Component: PreferencesPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/preferences',
  );
}

describe('/preferences', () => {
  it('shows the profile box with the change email and change password links', async () => {
    open();
    const profile = document.querySelector<HTMLElement>('section[aria-labelledby="profile-heading"]')!;
    expect(await within(profile).findByText(/Dana Reyes/)).toBeInTheDocument();
    expect(profile).toHaveTextContent('dana@agency.test');
    const links = within(profile)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Change email', '/change-email'],
      ['Change password', '/change-password'],
    ]);
  });

  it("lists the staff, with 'Name Unavailable' for a member without a name and '(You)' for me", async () => {
    open();
    await screen.findByText('dana@agency.test', { selector: 'td' });
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
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
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
