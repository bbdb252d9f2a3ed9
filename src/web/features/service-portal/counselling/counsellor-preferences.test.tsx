import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { staffSession } from '#web/test/sessions';
import { Component as PreferencesPage } from '../preferences-page';

const AVAILABILITY = {
  timeZone: 'America/New_York',
  languages: ['en'],
  weeklyHours: [{ weekday: 1, start: '09:00', end: '12:00' }],
  timeOff: [],
};
let calls: ApiCall[];

beforeEach(() => {
  calls = answerApi({
    'GET /api/session': { status: 200, body: staffSession() },
    'GET /api/staff/users': { status: 200, body: { users: [] } },
    'GET /api/staff/counselling/availability': { status: 200, body: AVAILABILITY },
    'PUT /api/staff/counselling/availability': {
      status: 200,
      body: {
        ...AVAILABILITY,
        languages: ['en', 'es'],
        weeklyHours: [...AVAILABILITY.weeklyHours, { weekday: 2, start: '13:00', end: '17:00' }],
      },
    },
  });
});

const open = () => renderRoutes([{ path: '/preferences', Component: PreferencesPage }], '/preferences');

describe("the counsellor's hours in Preferences", () => {
  it('shows the saved hours, a wrong row with its message by the field, and saves the corrected week', async () => {
    const user = userEvent.setup();
    open();
    const box = await screen.findByRole('region', { name: 'Counselling calls' });
    expect(await within(box).findByLabelText('Start of row 1')).toHaveValue('09:00');
    expect(within(box).getByLabelText('English')).toBeChecked();

    await user.click(within(box).getByLabelText('Spanish'));
    await user.click(within(box).getByRole('button', { name: 'Add hours' }));
    expect(within(box).getByLabelText('Day of row 2')).toHaveValue('2');
    await user.clear(within(box).getByLabelText('Start of row 2'));
    await user.type(within(box).getByLabelText('Start of row 2'), '13:00');
    await user.clear(within(box).getByLabelText('End of row 2'));
    await user.type(within(box).getByLabelText('End of row 2'), '12:00');
    await user.click(within(box).getByRole('button', { name: 'Save hours' }));
    expect(await within(box).findByText('The end must come after the start.')).toBeInTheDocument();
    expect(within(box).getByLabelText('End of row 2')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(within(box).getByLabelText('End of row 2'));
    await user.type(within(box).getByLabelText('End of row 2'), '17:00');
    await user.click(within(box).getByRole('button', { name: 'Save hours' }));
    expect(await within(box).findByText('Your languages and hours are saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      languages: ['en', 'es'],
      weeklyHours: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 2, start: '13:00', end: '17:00' },
      ],
    });
  });
});
