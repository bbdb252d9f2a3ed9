import { describe, expect, it } from 'vitest';
import table from '#data/creditor-concessions.json' with { type: 'json' };
import { concessionFor, DEFAULT_CONCESSION_ID } from './concessions';
import {
  DEFAULT_MINIMUM_PLAN_PAYMENT,
  DEFAULT_PROPOSED_APR_BP,
  HARDSHIP_PAYMENT_BP,
  STANDARD_PAYMENT_BP,
} from './constants';

describe('concessionFor', () => {
  it.each([
    ['JPMCB CARD', 'chase'],
    ['CAPITAL ONE BANK USA NA', 'capital-one'],
    ['SYNCB/AMAZON', 'synchrony'],
    ['THD/CBNA', 'citi'],
    ['U.S. BANK', 'us-bank'],
    ['AMEX', 'american-express'],
    ['DISCOVER BANK', 'discover'],
    ['WELLS FARGO CARD SER', 'wells-fargo'],
    ['BK OF AMER', 'bank-of-america'],
    ['HSBC BANK', 'hsbc'],
    // Not a programme issuer, and not Citi (whole words).
    ['CITIZENS BANK NA', DEFAULT_CONCESSION_ID],
    ['MIDLAND CREDIT MGMT', DEFAULT_CONCESSION_ID],
    ['', DEFAULT_CONCESSION_ID],
  ])('%j → row %s', (name, id) => {
    expect(concessionFor(name, { hasHardship: false }).id).toBe(id);
  });

  it('gives the standard 2% without a hardship and 1.75% with one, at 8% APR and a $25 minimum', () => {
    expect(concessionFor('JPMCB CARD', { hasHardship: false })).toEqual({
      id: 'chase',
      issuer: 'Chase Card Services',
      proposedAprBp: 800,
      paymentBp: 200,
      minimumPayment: 2500,
    });
    expect(concessionFor('JPMCB CARD', { hasHardship: true }).paymentBp).toBe(175);
    expect(concessionFor('ANYONE', { hasHardship: true }).paymentBp).toBe(175);
  });

  it('ships every row with the default concessions, and the default row last', () => {
    for (const row of table.concessions) {
      expect(row.proposedAprBp).toBe(DEFAULT_PROPOSED_APR_BP);
      expect(row.paymentBp).toBe(STANDARD_PAYMENT_BP);
      expect(row.hardshipPaymentBp).toBe(HARDSHIP_PAYMENT_BP);
      expect(row.minimumPayment).toBe(DEFAULT_MINIMUM_PLAN_PAYMENT);
    }
    expect(table.concessions.at(-1)?.id).toBe(DEFAULT_CONCESSION_ID);
    expect(table.year).toBe(2009);
  });
});
