import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LedgerMonthView, PlanLedgerView } from '#domain/enrollment/plan-ledger';
import { answerApi } from '#web/test/api-mock';
import { renderElement } from '#web/test/render';
import {
  FLAGGED_FOR_RECONCILIATION,
  flagReason,
  LEDGER_LOAD_FAILED,
  LedgerSection,
  monthLabel,
  NO_AGENCY_EVENTS,
  returnCodeLabel,
} from './ledger-section';

const APP_ID = '11111111-2222-4333-8444-555555555555';
const LEDGER_PATH = `GET /api/staff/applications/${APP_ID}/ledger`;

const balanced: LedgerMonthView = {
  month: '2026-10',
  drafts: [
    {
      draftId: 'D-OCT',
      status: 'settled',
      amount: 16_500,
      scheduledFor: '2026-10-15',
      settledOn: '2026-10-15',
      returnedOn: null,
      returnCode: null,
    },
  ],
  disbursements: [
    {
      disbursementId: 'P-OCT-1',
      status: 'posted',
      offerId: 'offer-1',
      creditorName: 'Platypus Card',
      amount: 14_000,
      method: 'electronic',
      traceNumber: '021000021234567',
      checkNumber: null,
      sentOn: '2026-10-19',
      postedOn: '2026-10-21',
      rejectedOn: null,
      overdue: false,
    },
  ],
  collected: 16_500,
  fee: 2_500,
  disbursed: 14_000,
  reconciliation: 'balanced',
  difference: null,
};

const flagged: LedgerMonthView = {
  month: '2026-11',
  drafts: [{ ...balanced.drafts[0]!, draftId: 'D-NOV', scheduledFor: '2026-11-16', settledOn: '2026-11-16' }],
  disbursements: [
    {
      ...balanced.disbursements[0]!,
      disbursementId: 'P-NOV-1',
      status: 'sent',
      amount: 13_500,
      method: 'check',
      traceNumber: null,
      checkNumber: '1042',
      sentOn: '2026-11-02',
      postedOn: null,
      overdue: true,
    },
  ],
  collected: 16_500,
  fee: 2_500,
  disbursed: 13_500,
  reconciliation: 'flagged',
  difference: 500,
};

const returned: LedgerMonthView = {
  month: '2026-12',
  drafts: [
    {
      draftId: 'D-DEC',
      status: 'returned',
      amount: 16_500,
      scheduledFor: '2026-12-15',
      settledOn: '2026-12-15',
      returnedOn: '2026-12-17',
      returnCode: 'R01',
    },
  ],
  disbursements: [],
  collected: 0,
  fee: 0,
  disbursed: 0,
  reconciliation: 'balanced',
  difference: null,
};

const view = (months: LedgerMonthView[]): PlanLedgerView => ({
  months,
  monthlyFee: 2_500,
  flaggedMonths: months.filter((m) => m.reconciliation === 'flagged').length,
});

describe('LedgerSection', () => {
  it('shows each month newest first, the flagged one marked with what is unaccounted for', async () => {
    answerApi({ [LEDGER_PATH]: { status: 200, body: view([balanced, flagged, returned]) } });
    renderElement(<LedgerSection applicationId={APP_ID} />);

    const card = await screen.findByRole('region', { name: 'Ledger' });
    expect(await within(card).findByText('1 month to reconcile')).toBeInTheDocument();
    const months = within(card)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(months).toEqual(['December 2026', 'November 2026', 'October 2026']);

    const november = screen.getByTestId('ledger-month-2026-11');
    expect(within(november).getByText(FLAGGED_FOR_RECONCILIATION)).toBeInTheDocument();
    expect(within(november).getByText('$5.00 of the draft is not accounted for.')).toBeInTheDocument();
    expect(within(november).getByText('Not posted in time')).toBeInTheDocument();
    const row = within(november).getByRole('row', { name: /Platypus Card/ });
    expect(within(row).getByText('$135.00')).toBeInTheDocument();
    expect(within(row).getByText('Check')).toBeInTheDocument();
    expect(within(row).getByText('1042')).toBeInTheDocument();
    expect(november.textContent).toContain("Agency's fee: $25.00");

    const october = screen.getByTestId('ledger-month-2026-10');
    expect(within(october).queryByText(FLAGGED_FOR_RECONCILIATION)).toBeNull();
    expect(within(october).getByText('Reconciled')).toBeInTheDocument();
    expect(within(october).getByText('021000021234567')).toBeInTheDocument();
    expect(within(october).getByText('Electronic (RPPS)')).toBeInTheDocument();

    const december = screen.getByTestId('ledger-month-2026-12');
    expect(within(december).getByText('Returned')).toBeInTheDocument();
    expect(within(december).getByText('Nothing taken')).toBeInTheDocument();
    expect(within(december).queryByText('Reconciled')).toBeNull();
    expect(within(december).getByText(returnCodeLabel('R01'))).toBeInTheDocument();
  });

  it('says when the agency has reported nothing yet', async () => {
    answerApi({ [LEDGER_PATH]: { status: 200, body: view([]) } });
    renderElement(<LedgerSection applicationId={APP_ID} />);
    expect(await screen.findByText(NO_AGENCY_EVENTS)).toBeInTheDocument();
  });

  it('says when the ledger could not be read', async () => {
    answerApi({ [LEDGER_PATH]: { status: 500, body: { code: 'InternalError', message: 'x' } } });
    renderElement(<LedgerSection applicationId={APP_ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(LEDGER_LOAD_FAILED);
  });
});

describe('the ledger texts', () => {
  it('names months and return codes, and says why a month is flagged', () => {
    expect(monthLabel('2026-01')).toBe('January 2026');
    expect(returnCodeLabel('R01')).toBe('R01: There was not enough money in the account.');
    expect(returnCodeLabel('R99')).toBe('R99: Your bank returned the payment (code R99).');
    expect(flagReason({ ...flagged, difference: -1_250 })).toBe(
      '$12.50 more was paid out than the draft and fee allow.',
    );
    expect(flagReason({ ...flagged, difference: null })).toBe(
      'An amount is missing from what the agency reported.',
    );
  });
});
