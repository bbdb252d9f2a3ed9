import { describe, expect, it } from 'vitest';
import { programmeRevisionSchema } from './concessions';

// A programme revision as creditor relations staff enter it: rates and shares in basis points, money in cents.

const valid = {
  proposedAprBp: 600,
  paymentBp: 250,
  hardshipPaymentBp: 200,
  minimumPayment: 2550,
  maxTermMonths: 60,
  fairShareBp: 0,
  silentDefault: 'accepted',
  silentAfterDays: 30,
  reason: 'New agreement with the issuer',
};

const firstMessage = (input: unknown) => {
  const result = programmeRevisionSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('programmeRevisionSchema', () => {
  it('takes a complete revision, the reason trimmed', () => {
    expect(programmeRevisionSchema.parse({ ...valid, reason: '  New agreement  ' })).toEqual({
      ...valid,
      reason: 'New agreement',
    });
  });

  it.each([
    ['a 0% plan', { proposedAprBp: 0 }, null],
    ['the highest rate, 36%', { proposedAprBp: 3600 }, null],
    ['a rate above 36%', { proposedAprBp: 3601 }, 'Plan APR must be from 0% to 36%'],
    ['a negative rate', { proposedAprBp: -1 }, 'Plan APR must be from 0% to 36%'],
    ['a fraction of a basis point', { proposedAprBp: 600.5 }, 'Plan APR is invalid'],
    ['a share of nothing', { paymentBp: 0 }, 'Payment share must be more than 0% and at most 100%'],
    ['the whole balance', { paymentBp: 10_000 }, null],
    [
      'more than the balance',
      { hardshipPaymentBp: 10_001 },
      'Payment share with a hardship must be more than 0% and at most 100%',
    ],
    ['no minimum', { minimumPayment: 0 }, null],
    ['a negative minimum', { minimumPayment: -100 }, 'Minimum payment cannot be negative'],
    ['a huge minimum', { minimumPayment: 1e15 }, 'Minimum payment must be at most 6 characters long'],
    ['text for a number', { paymentBp: '2%' }, 'Payment share is invalid'],
    ['no reason', { reason: '   ' }, 'Reason for the change is required'],
    ['control characters in the reason', { reason: 'new\u0000terms' }, 'Reason for the change is invalid'],
    ['a 36-month maximum term', { maxTermMonths: 36 }, null],
    ['a maximum term of no months', { maxTermMonths: 0 }, 'Maximum term must be from 1 to 60 months'],
    ['a maximum term past the plan', { maxTermMonths: 61 }, 'Maximum term must be from 1 to 60 months'],
    ['a fraction of a month', { maxTermMonths: 36.5 }, 'Maximum term is invalid'],
    ['a 15% fair share', { fairShareBp: 1500 }, null],
    ['a negative fair share', { fairShareBp: -1 }, 'Fair share must be from 0% to 25%'],
    ['a fair share above 25%', { fairShareBp: 2501 }, 'Fair share must be from 0% to 25%'],
    ['declined when silent', { silentDefault: 'declined' }, null],
    [
      'an unknown silent answer',
      { silentDefault: 'countered' },
      'Answer assumed when the creditor is silent is invalid',
    ],
    ['no days before assuming', { silentAfterDays: 0 }, 'Days before assuming it must be from 1 to 365'],
    ['a huge number of days', { silentAfterDays: 1e20 }, 'Days before assuming it is invalid'],
  ])('%s', (_case, change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });
});
