import { render as renderElement, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REASON_FOR_NOT_CONNECTING_BANK_LABELS } from '#domain/enrollment/views';
import type { EnrollmentView } from '#domain/flow/staff-views';
import { formatCardDate } from '#domain/service-portal/date-range';
import {
  describePaymentAccount,
  DOWNLOAD_SIGNED_LETTER,
  EnrollmentSection,
  LETTER_NOT_SENT,
  NO_BANK_CONNECTION,
  NO_PAYMENT_ACCOUNT,
  reasonLabel,
} from './enrollment-section';

const APP_ID = '11111111-2222-4333-8444-555555555555';
const SHA = 'ab'.repeat(32);

const EMPTY: EnrollmentView = {
  paymentAccount: null,
  reasonForNotConnectingBank: null,
  bankConnections: [],
  letter: null,
};

const CONNECTED: EnrollmentView = {
  paymentAccount: {
    source: 'bank',
    institutionName: 'First Platypus Bank',
    accountLast4: '1234',
    routingLast4: null,
  },
  reasonForNotConnectingBank: null,
  bankConnections: [
    {
      id: 'item-1',
      institutionName: 'First Platypus Bank',
      isConnected: true,
      connectedAt: '2025-03-01T09:00:00.000Z',
      accounts: [
        {
          id: 'acct-1',
          name: 'Everyday Checking',
          mask: '1234',
          subtype: 'checking',
          availableBalance: 123_456,
          selectedForPayments: true,
        },
        {
          id: 'acct-2',
          name: 'Platypus Savings',
          mask: '5678',
          subtype: 'savings',
          availableBalance: null,
          selectedForPayments: false,
        },
      ],
    },
    {
      id: 'item-2',
      institutionName: 'Tartan Bank',
      isConnected: false,
      connectedAt: '2025-02-01T09:00:00.000Z',
      accounts: [],
    },
  ],
  letter: {
    envelopeId: 'env-123',
    generatedAt: '2025-03-01T10:00:00.000Z',
    signedAt: '2025-03-02T11:00:00.000Z',
    sha256: SHA,
    signers: [
      { role: 'borrower', name: 'Ana Diaz', signedAt: '2025-03-01T12:00:00.000Z' },
      { role: 'spouse', name: 'Luis Diaz', signedAt: '2025-03-02T11:00:00.000Z' },
    ],
  },
};

function render(enrollment: EnrollmentView) {
  renderElement(<EnrollmentSection enrollment={enrollment} applicationId={APP_ID} />);
  return screen.getByRole('region', { name: 'Enrollment' });
}

describe('EnrollmentSection', () => {
  it('says what is missing when the borrower has not reached the payment pages', () => {
    const section = render(EMPTY);
    expect(section.textContent).toContain(NO_PAYMENT_ACCOUNT);
    expect(section.textContent).toContain(NO_BANK_CONNECTION);
    expect(section.textContent).toContain(LETTER_NOT_SENT);
    expect(section.querySelector('a')).toBeNull();
  });

  it('shows the connected account, the banks with their accounts, and the signed letter with its download', () => {
    const section = render(CONNECTED);
    expect(section.querySelector('[data-testid="payment-account"]')?.textContent).toBe(
      'First Platypus Bank ••1234',
    );
    expect(section.textContent).not.toContain(NO_PAYMENT_ACCOUNT);
    expect(section.textContent).not.toContain('Why the bank was not connected');

    const accounts = [...section.querySelectorAll('ul[aria-label="First Platypus Bank accounts"] > li')];
    expect(accounts.map((li) => li.textContent)).toEqual([
      'Everyday Checking ••1234Checking$1,235 availablePays the plan',
      'Platypus Savings ••5678SavingsBalance not reported',
    ]);
    expect(section.textContent).toContain('Connected');
    expect(section.textContent).toContain('Tartan Bank');
    expect(section.textContent).toContain('Disconnected');
    expect(section.textContent).toContain('No accounts were shared from this bank.');

    const text = section.textContent ?? '';
    expect(text).toContain(`Sent${formatCardDate('2025-03-01T10:00:00.000Z')}`);
    expect(text).toContain(`Signed ${formatCardDate('2025-03-02T11:00:00.000Z')}`);
    expect(text).toContain(`Ana Diaz(Borrower)Signed ${formatCardDate('2025-03-01T12:00:00.000Z')}`);
    expect(text).toContain('Luis Diaz(Spouse)Signed');
    const sha = section.querySelector('code')!;
    expect(sha.textContent).toBe(SHA);
    // A fingerprint this long must wrap on a phone rather than push the page sideways.
    expect(sha.className).toContain('font-mono');
    expect(sha.className).toContain('break-all');
    const link = [...section.querySelectorAll('a')].find((a) => a.textContent === DOWNLOAD_SIGNED_LETTER)!;
    expect(link.getAttribute('href')).toBe(`/api/staff/applications/${APP_ID}/letter`);
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('shows an account entered by hand, why no bank was connected, and a letter still out for signature', () => {
    const section = render({
      ...EMPTY,
      paymentAccount: { source: 'manual', institutionName: null, accountLast4: '1234', routingLast4: '0021' },
      reasonForNotConnectingBank: 'bankNotListed',
      letter: {
        envelopeId: 'env-9',
        generatedAt: '2025-03-01T10:00:00.000Z',
        signedAt: null,
        sha256: null,
        signers: [
          { role: 'borrower', name: 'Ana Diaz', signedAt: '2025-03-01T12:00:00.000Z' },
          { role: 'spouse', name: 'Luis Diaz', signedAt: null },
        ],
      },
    });
    expect(section.querySelector('[data-testid="payment-account"]')?.textContent).toBe(
      'Entered by hand: account ••1234, routing ••0021',
    );
    expect(section.textContent).toContain(
      `Why the bank was not connected${REASON_FOR_NOT_CONNECTING_BANK_LABELS.bankNotListed}`,
    );
    expect(section.textContent).toContain(NO_BANK_CONNECTION);
    expect(section.textContent).toContain('Waiting for signatures');
    expect(section.textContent).toContain('Luis Diaz(Spouse)Not signed yet');
    expect(section.querySelector('code')).toBeNull();
    expect([...section.querySelectorAll('a')].some((a) => a.textContent === DOWNLOAD_SIGNED_LETTER)).toBe(
      false,
    );
  });
});

describe('describePaymentAccount and reasonLabel', () => {
  it.each<[NonNullable<EnrollmentView['paymentAccount']>, string]>([
    [{ source: 'bank', institutionName: null, accountLast4: null, routingLast4: null }, 'Connected bank'],
    [
      { source: 'manual', institutionName: null, accountLast4: '9876', routingLast4: null },
      'Entered by hand: account ••9876',
    ],
    [{ source: 'manual', institutionName: null, accountLast4: null, routingLast4: null }, 'Entered by hand'],
  ])('%j → %s', (account, expected) => {
    expect(describePaymentAccount(account)).toBe(expected);
  });

  it('labels known reasons and shows an unknown one as stored', () => {
    expect(reasonLabel('connectionFailed')).toBe(REASON_FOR_NOT_CONNECTING_BANK_LABELS.connectionFailed);
    expect(reasonLabel('somethingNew')).toBe('somethingNew');
  });
});
