import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AGENCY_EVENTS_FILE_MAX_BYTES,
  AGENCY_EVENTS_FILE_TOO_LARGE,
  type AgencyEventsFileReport,
} from '#domain/validation/agency-events-file';
import { renderRoutes } from '#web/test/render';
import { server } from '#web/test/api-mock';
import { staffSession } from '#web/test/sessions';
import { Component as AgencyEventsFilePage } from './agency-events-file-page';

const REPORT: AgencyEventsFileReport = {
  fileName: 'agency-2026-12-20.csv',
  rows: 4,
  applied: 2,
  alreadyKnown: 1,
  refused: 1,
  results: [
    { row: 2, eventId: 'evt-1', outcome: 'applied', reason: null },
    { row: 3, eventId: 'evt-2', outcome: 'applied', reason: null },
    { row: 4, eventId: 'evt-1', outcome: 'alreadyKnown', reason: null },
    { row: 5, eventId: 'evt-3', outcome: 'refused', reason: 'amount: Must be a whole number of cents.' },
  ],
};

let uploads: unknown[];
let reply: { status: number; body: object };

beforeEach(() => {
  uploads = [];
  reply = { status: 200, body: REPORT };
  server.use(
    http.get('/api/session', () => HttpResponse.json(staffSession())),
    http.post('/api/staff/agency-events/file', async ({ request }) => {
      uploads.push(await request.json());
      return HttpResponse.json(reply.body, { status: reply.status });
    }),
  );
});

const open = () =>
  renderRoutes([{ path: '/agency-events-file', Component: AgencyEventsFilePage }], '/agency-events-file');
const csv = (text: string, name = 'agency-2026-12-20.csv') => new File([text], name, { type: 'text/csv' });

describe('/agency-events-file', () => {
  it('uploads the chosen file by name and text and shows the report: the counts, then each row not applied', async () => {
    const app = open();
    await app.user.upload(screen.getByLabelText('CSV file'), csv('id,type\n'));
    await app.user.click(screen.getByRole('button', { name: 'Import' }));
    const report = await screen.findByRole('region', { name: 'Report: agency-2026-12-20.csv' });
    expect(uploads).toEqual([{ fileName: 'agency-2026-12-20.csv', content: 'id,type\n' }]);
    const counts = within(report)
      .getAllByRole('definition')
      .map((d) => d.previousSibling?.textContent + ' ' + d.textContent);
    expect(counts).toEqual(['Events in the file 4', 'Applied 2', 'Skipped, already known 1', 'Refused 1']);
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '5evt-3Refusedamount: Must be a whole number of cents.',
      '4evt-1Skipped, already knownThe same event was recorded before.',
    ]);
  });

  it('shows the server’s refusal of the file, or of a staff member who is not a supervisor', async () => {
    reply = {
      status: 403,
      body: { code: 'Forbidden', message: "Only a supervisor can import the agency's events file." },
    };
    const app = open();
    await app.user.upload(screen.getByLabelText('CSV file'), csv('id\n'));
    await app.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Only a supervisor can import the agency's events file.",
    );
    expect(screen.queryByRole('region', { name: /^Report/ })).not.toBeInTheDocument();
  });

  it('asks for a file, and refuses one over the size cap before sending it', async () => {
    const app = open();
    await app.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the CSV file to import.');
    await app.user.upload(
      screen.getByLabelText('CSV file'),
      csv('x'.repeat(AGENCY_EVENTS_FILE_MAX_BYTES + 1)),
    );
    await app.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AGENCY_EVENTS_FILE_TOO_LARGE);
    expect(uploads).toEqual([]);
  });
});
