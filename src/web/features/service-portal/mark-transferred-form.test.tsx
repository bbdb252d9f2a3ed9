import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_CRM_ID_LABEL } from '#domain/validation/staff';
import {
  byLabel,
  buttonByName,
  describedText,
  mockApi,
  mountRoutes,
  settle,
  typeInto,
  type ApiCall,
} from '../../components/ui/form/dom-test-helpers';
import { MarkTransferredForm } from './mark-transferred-form';

const APP_ID = '3f1c2a4e-0000-4000-8000-0000000000bb';
const PATH = `POST /api/staff/applications/${APP_ID}/mark-transferred`;
const NOT_IN_TRANSFER = 'Only an application in transfer can be marked transferred.';

let calls: ApiCall[];
let reply: { status: number; body?: unknown };
let saved: unknown[];
let mounted: ReturnType<typeof mountRoutes>;
let consoleError: ReturnType<typeof vi.spyOn>;
const realFetch = globalThis.fetch;

beforeEach(async () => {
  saved = [];
  reply = {
    status: 200,
    body: { id: APP_ID, status: 'transferred', hasPassedQualityControl: true, partnerCrmId: 'CRM-77' },
  };
  calls = mockApi({ [PATH]: () => reply });
  consoleError = vi.spyOn(console, 'error');
  mounted = mountRoutes(
    [
      {
        path: '/borrower-summary',
        element: <MarkTransferredForm applicationId={APP_ID} onSaved={(r) => saved.push(r)} />,
      },
    ],
    '/borrower-summary',
  );
  await settle();
});

afterEach(() => {
  mounted.unmount();
  document.body.innerHTML = '';
  globalThis.fetch = realFetch;
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

async function send() {
  await act(async () => buttonByName('Mark transferred').click());
  await settle();
}
const alerts = () => [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent);

describe('MarkTransferredForm', () => {
  it('requires the partner CRM id', async () => {
    await send();
    expect(describedText(byLabel(PARTNER_CRM_ID_LABEL))).toContain(`${PARTNER_CRM_ID_LABEL} is required`);
    expect(document.activeElement).toBe(byLabel(PARTNER_CRM_ID_LABEL));
    expect(calls).toEqual([]);
  });

  it('sends the trimmed id and reports the transferred application', async () => {
    typeInto(byLabel(PARTNER_CRM_ID_LABEL), '  CRM-77 ');
    await send();
    expect(calls.map((c) => c.body)).toEqual([{ partnerCrmId: 'CRM-77' }]);
    expect(saved).toEqual([reply.body]);
  });

  it('shows why the server refused', async () => {
    reply = { status: 409, body: { code: 'Conflict', message: NOT_IN_TRANSFER } };
    typeInto(byLabel(PARTNER_CRM_ID_LABEL), 'CRM-77');
    await send();
    expect(alerts()).toEqual([NOT_IN_TRANSFER]);
    expect(saved).toEqual([]);
  });

  it('puts a 400 field message on the field', async () => {
    reply = {
      status: 400,
      body: {
        code: 'ValidationError',
        message: 'Some fields are not valid.',
        fieldErrors: { partnerCrmId: 'Partner CRM ID is invalid' },
      },
    };
    typeInto(byLabel(PARTNER_CRM_ID_LABEL), 'CRM-77');
    await send();
    expect(describedText(byLabel(PARTNER_CRM_ID_LABEL))).toContain('Partner CRM ID is invalid');
    expect(alerts()).toEqual([]);
  });
});
