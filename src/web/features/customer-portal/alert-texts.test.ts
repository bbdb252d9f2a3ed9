import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { AlertType } from '#domain/flow/staff-views';
import { customerAlertText, type CustomerAlertFigures } from '#domain/monitoring/customer-alert-text';
import { ALL_CATALOGS } from '#domain/i18n/all-catalogs';
import { alertFiguresText } from './alert-texts';

// The page writes an alert's figures through messages; in English they must read exactly as the domain's
// sentence, and in Spanish carry the same figures.

const english = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });
const spanish = createIntl({ locale: 'es-US', defaultLocale: 'en-US', messages: ALL_CATALOGS.es });

const CASES: [AlertType, CustomerAlertFigures | null][] = [
  ['debtScore30DayDecrease', { kind: 'debtScore', score: 612, previous: 650 }],
  ['debtScore30DayDecrease', { kind: 'debtScore', score: 651, previous: 650 }],
  ['debtScore30DayDecrease', { kind: 'debtScore', score: 650, previous: 650 }],
  ['debtScore30DayDecrease', { kind: 'debtScore', score: 612, previous: null }],
  [
    'balanceBelowDMPPayment',
    {
      kind: 'balance',
      balance: 25_720,
      available: true,
      readAt: '2026-11-20T09:00:00.000Z',
      payment: 25_740,
      paymentDate: '2026-11-25',
    },
  ],
  [
    'balanceBelowDMPPayment',
    {
      kind: 'balance',
      balance: 12_000,
      available: false,
      readAt: '2026-11-20T09:00:00.000Z',
      payment: 25_740,
      paymentDate: null,
    },
  ],
  [
    'balanceBelowDMPPayment',
    {
      kind: 'balance',
      balance: null,
      available: false,
      readAt: '2026-11-20T09:00:00.000Z',
      payment: null,
      paymentDate: null,
    },
  ],
  ['overdraftTransaction', { kind: 'fee', name: 'OVERDRAFT FEE', amount: 35_00, date: '2026-11-12' }],
  ['insufficientFundsTransaction', { kind: 'fee', name: null, amount: 21_240, date: '2026-11-12' }],
  ['monthlyIncomeDecrease', { kind: 'income', monthlyIncome: 320_000, previous: 400_000 }],
  ['monthlyIncomeDecrease', { kind: 'income', monthlyIncome: 320_000, previous: null }],
  ['newCreditInquiry', { kind: 'inquiry', lender: 'Big Bank', date: '2026-11-03' }],
  ['newCreditInquiry', { kind: 'inquiry', lender: null, date: '2026-11-03' }],
  ['bankAccountDisconnected', { kind: 'bank', institutionName: 'Tartan Bank' }],
  ['bankAccountDisconnected', { kind: 'income', monthlyIncome: 1, previous: null }],
  ['bankAccountDisconnected', null],
  ['draftReturned', { kind: 'draftReturned', amount: 31_250, date: '2026-12-15', returnCode: 'R01' }],
  ['draftReturned', { kind: 'draftReturned', amount: 31_250, date: null, returnCode: 'R02' }],
  ['draftReturned', { kind: 'draftReturned', amount: null, date: '2026-12-15', returnCode: 'R99' }],
  ['draftReturned', { kind: 'draftReturned', amount: null, date: null, returnCode: 'R08' }],
  [
    'creditorPaymentNotPosted',
    {
      kind: 'paymentNotPosted',
      creditor: 'Capital One',
      amount: 9_800,
      sentOn: '2026-11-02',
      method: 'electronic',
      reference: '021000021234567',
      deadline: '2026-11-17',
    },
  ],
  [
    'creditorPaymentNotPosted',
    {
      kind: 'paymentNotPosted',
      creditor: 'Citi',
      amount: null,
      sentOn: '2026-11-02',
      method: 'check',
      reference: '10442',
      deadline: '2026-11-17',
    },
  ],
  [
    'creditorPaymentNotPosted',
    {
      kind: 'paymentNotPosted',
      creditor: 'Citi',
      amount: 9_850,
      sentOn: '2026-11-02',
      method: null,
      reference: null,
      deadline: '2026-11-17',
    },
  ],
  ['creditorPaidOff', { kind: 'paidOff', creditor: 'Discover', asOf: '2026-12-10' }],
  ['creditorPaidOff', { kind: 'bank', institutionName: 'Tartan Bank' }],
];

describe('an alert’s figures in words', () => {
  it.each(CASES)('%s %j reads in English exactly as the domain writes it', (type, figures) => {
    expect(alertFiguresText(english, type, figures)).toBe(customerAlertText(type, figures));
  });

  it('tells the agency’s alerts in Spanish with the same figures and the reason in plain words', () => {
    expect(
      alertFiguresText(spanish, 'draftReturned', {
        kind: 'draftReturned',
        amount: 31_250,
        date: '2026-12-15',
        returnCode: 'R01',
      }),
    ).toBe(
      'El pago de su plan de $312.50 del 15 de diciembre de 2026 fue devuelto por su banco. No había suficiente dinero en la cuenta.',
    );
    expect(
      alertFiguresText(spanish, 'creditorPaymentNotPosted', {
        kind: 'paymentNotPosted',
        creditor: 'Capital One',
        amount: 9_800,
        sentOn: '2026-11-02',
        method: 'check',
        reference: '10442',
        deadline: '2026-11-17',
      }),
    ).toBe(
      'Un pago de $98 enviado a Capital One el 2 de noviembre de 2026 (número de cheque 10442) no se había registrado el 17 de noviembre de 2026.',
    );
    expect(
      alertFiguresText(spanish, 'creditorPaidOff', {
        kind: 'paidOff',
        creditor: 'Discover',
        asOf: '2026-12-10',
      }),
    ).toBe('Discover informó un saldo de $0 el 10 de diciembre de 2026.');
  });

  it('reads in Spanish with the same figures', () => {
    expect(
      alertFiguresText(spanish, 'debtScore30DayDecrease', { kind: 'debtScore', score: 612, previous: 650 }),
    ).toMatch(
      /^Su puntaje de deuda es 612, 38 puntos menos que hace 30 días \(650\)\. El puntaje, de 0 a 1,000, /,
    );
    expect(
      alertFiguresText(spanish, 'overdraftTransaction', {
        kind: 'fee',
        name: 'OVERDRAFT FEE',
        amount: 35_00,
        date: '2026-11-12',
      }),
    ).toBe(
      'El 12 de noviembre de 2026, su banco le cobró una comisión por sobregiro de $35. En su estado de cuenta aparece como "OVERDRAFT FEE".',
    );
    expect(
      alertFiguresText(spanish, 'monthlyIncomeDecrease', {
        kind: 'income',
        monthlyIncome: 320_000,
        previous: 400_000,
      }),
    ).toBe('El sueldo que entra a su cuenta bancaria pasó de unos $4,000 a $3,200 al mes, un 20% menos.');
  });
});
