import { describe, expect, it } from 'vitest';
import table from '#data/creditor-concessions.json' with { type: 'json' };
import {
  concessionFor,
  DEFAULT_CREDITOR_ID,
  programmeVersionId,
  SHIPPED_CONCESSIONS,
  type ConcessionTable,
} from './concessions';
import {
  DEFAULT_MINIMUM_PLAN_PAYMENT,
  DEFAULT_PROPOSED_APR_BP,
  HARDSHIP_PAYMENT_BP,
  STANDARD_PAYMENT_BP,
} from './constants';

describe('concessionFor', () => {
  it.each([
    ['JPMCB CARD', 'chase@1'],
    ['CAPITAL ONE BANK USA NA', 'capital-one@1'],
    ['SYNCB/AMAZON', 'synchrony@1'],
    ['THD/CBNA', 'citi@1'],
    ['U.S. BANK', 'us-bank@1'],
    ['AMEX', 'american-express@1'],
    ['DISCOVER BANK', 'discover@1'],
    ['WELLS FARGO CARD SER', 'wells-fargo@1'],
    ['BK OF AMER', 'bank-of-america@1'],
    ['HSBC BANK', 'hsbc@1'],
    // Not a programme issuer, and not Citi (whole words).
    ['CITIZENS BANK NA', 'default@1'],
    ['MIDLAND CREDIT MGMT', 'default@1'],
    ['', 'default@1'],
  ])('%j → programme %s', (name, id) => {
    expect(concessionFor(SHIPPED_CONCESSIONS, name, { hasHardship: false }).id).toBe(id);
  });

  it('gives the standard 2% without a hardship and 1.75% with one, at 8% APR and a $25 minimum, over 60 months at most', () => {
    expect(concessionFor(SHIPPED_CONCESSIONS, 'JPMCB CARD', { hasHardship: false })).toEqual({
      id: 'chase@1',
      issuer: 'Chase Card Services',
      proposedAprBp: 800,
      paymentBp: 200,
      minimumPayment: 2500,
      maxTermMonths: 60,
    });
    expect(concessionFor(SHIPPED_CONCESSIONS, 'JPMCB CARD', { hasHardship: true }).paymentBp).toBe(175);
    expect(concessionFor(SHIPPED_CONCESSIONS, 'ANYONE', { hasHardship: true }).paymentBp).toBe(175);
  });

  it('reads the programmes it is given: a revised version and a new creditor', () => {
    const revised: ConcessionTable = [
      ...SHIPPED_CONCESSIONS.filter((p) => p.creditorId !== 'chase'),
      {
        ...SHIPPED_CONCESSIONS.find((p) => p.creditorId === 'chase')!,
        id: programmeVersionId('chase', 2),
        proposedAprBp: 600,
      },
      {
        id: programmeVersionId('citizens', 1),
        creditorId: 'citizens',
        issuer: 'Citizens Bank',
        matchNames: ['CITIZENS BANK'],
        proposedAprBp: 990,
        paymentBp: 250,
        hardshipPaymentBp: 200,
        minimumPayment: 3000,
        maxTermMonths: 48,
        fairShareBp: 0,
        silentDefault: 'accepted',
        silentAfterDays: 30,
      },
    ];
    expect(concessionFor(revised, 'JPMCB CARD', { hasHardship: false })).toMatchObject({
      id: 'chase@2',
      proposedAprBp: 600,
    });
    // Match names as the agency types them are read the way bureau names are (case and punctuation).
    expect(concessionFor(revised, 'citizens bank, n.a.', { hasHardship: true })).toEqual({
      id: 'citizens@1',
      issuer: 'Citizens Bank',
      proposedAprBp: 990,
      paymentBp: 200,
      minimumPayment: 3000,
      maxTermMonths: 48,
    });
  });

  it('prefers the longest name that matches, whatever order the programmes come in', () => {
    const auto = {
      ...SHIPPED_CONCESSIONS.find((p) => p.creditorId === 'capital-one')!,
      id: 'capital-one-auto@1',
      creditorId: 'capital-one-auto',
      matchNames: ['CAPITAL ONE AUTO'],
    };
    for (const concessions of [
      [auto, ...SHIPPED_CONCESSIONS],
      [...SHIPPED_CONCESSIONS, auto],
    ]) {
      expect(concessionFor(concessions, 'CAPITAL ONE AUTO FINANCE', { hasHardship: false }).id).toBe(
        'capital-one-auto@1',
      );
      expect(concessionFor(concessions, 'CAPITAL ONE BANK USA', { hasHardship: false }).id).toBe(
        'capital-one@1',
      );
    }
  });

  it('refuses a table without the default programme, which every other creditor needs', () => {
    const without = SHIPPED_CONCESSIONS.filter((p) => p.creditorId !== DEFAULT_CREDITOR_ID);
    expect(() => concessionFor(without, 'MIDLAND', { hasHardship: false })).toThrow(/default/);
  });

  it('ships every row with the default concessions, and the default row last', () => {
    for (const row of table.concessions) {
      expect(row.proposedAprBp).toBe(DEFAULT_PROPOSED_APR_BP);
      expect(row.paymentBp).toBe(STANDARD_PAYMENT_BP);
      expect(row.hardshipPaymentBp).toBe(HARDSHIP_PAYMENT_BP);
      expect(row.minimumPayment).toBe(DEFAULT_MINIMUM_PLAN_PAYMENT);
    }
    expect(table.concessions.at(-1)?.id).toBe(DEFAULT_CREDITOR_ID);
    expect(table.year).toBe(2009);
  });
});

describe('the shipped programmes', () => {
  it('grant 60 months at most, ask no fair share, and assume acceptance after 30 silent days', () => {
    for (const p of SHIPPED_CONCESSIONS) {
      expect([p.creditorId, p.maxTermMonths, p.fairShareBp, p.silentDefault, p.silentAfterDays]).toEqual([
        p.creditorId,
        60,
        0,
        'accepted',
        30,
      ]);
    }
  });
});
