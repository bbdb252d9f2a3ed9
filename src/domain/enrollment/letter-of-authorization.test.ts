import { describe, expect, it } from 'vitest';
import {
  formatLetterDate,
  formatUsd,
  type LetterOfAuthorizationInput,
  letterOfAuthorizationContent,
  maskAccountNumber,
  NO_ACCOUNT_NUMBER,
  ordinal,
} from './letter-of-authorization';
import { PLAN_DISCLOSURES } from './plan-disclosures';

const single: LetterOfAuthorizationInput = {
  date: '2026-03-15',
  agency: { name: 'Harbor Light Credit Counseling', phone: '(800) 555-0199' },
  borrower: { fullName: 'Jane Q. Doe', addressLines: ['123 Main St', 'Springfield, IL 62704'] },
  spouse: null,
  creditors: [
    {
      creditorName: 'CAPITAL ONE BANK USA NA',
      accountNumber: '5178231234567890',
      balance: 512_345,
      newMonthlyPayment: 10_247,
    },
    {
      creditorName: 'DISCOVER BANK',
      accountNumber: '6011-0000-4321',
      balance: 298_010,
      newMonthlyPayment: 5_960,
    },
    {
      creditorName: 'MIDLAND CREDIT MANAGEMENT',
      accountNumber: null,
      balance: 87_500,
      newMonthlyPayment: 1_750,
    },
  ],
  // The creditors' $179.57 and the agency's $25 monthly fee; $35 set-up; drafts on the 5th from April 2026.
  plan: {
    monthlyDraft: 20_457,
    creditorsMonthlyPayment: 17_957,
    monthlyFee: 2_500,
    setupFee: 3_500,
    termInMonths: 54,
    draftDay: 5,
    lastDraftAmount: 12_000,
    firstDraftDate: '2026-04-05',
    lastDraftDate: '2030-09-05',
  },
  paymentAccount: { institutionName: 'First Platypus Bank', accountNumber: '1111222233334444' },
};

const couple: LetterOfAuthorizationInput = { ...single, spouse: { fullName: 'John  Doe ' } };

/** Every string of the letter, to check what it says and, above all, what it never says. */
const allText = (input: LetterOfAuthorizationInput): string =>
  JSON.stringify(letterOfAuthorizationContent(input));

describe('maskAccountNumber', () => {
  it.each([
    ['5178231234567890', 'XXXX7890', 'a card number: the last 4'],
    ['6011-0000-4321', 'XXXX4321', 'dashes ignored'],
    ['6011 0000 4321', 'XXXX4321', 'spaces ignored'],
    ['12345678', 'XXXX5678', '8 characters: the last 4'],
    ['1234567', 'XXXX567', '7 characters: at most half shown'],
    ['123456', 'XXXX456', '6 characters: 3 shown'],
    ['1234', 'XXXX34', '4 characters: never the whole number'],
    ['12', 'XXXX2', '2 characters: 1 shown'],
    ['7', 'XXXX', 'a single character: nothing shown'],
    ['517823XXXXXX', 'XXXXXXXX', 'already masked by the bureau: stays masked'],
  ])('%j → %j (%s)', (accountNumber, expected) => {
    expect(maskAccountNumber(accountNumber)).toBe(expected);
  });

  it.each([[null], [undefined], [''], ['   '], [' - ']])('%j → null (no number)', (accountNumber) => {
    expect(maskAccountNumber(accountNumber)).toBeNull();
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [123_456, '$1,234.56'],
    [100_000_000, '$1,000,000.00'],
    [-500, '-$5.00'],
  ])('%s cents → %s', (cents, expected) => {
    expect(formatUsd(cents)).toBe(expected);
  });

  it('refuses a fraction of a cent', () => {
    expect(() => formatUsd(12.5)).toThrow('not a whole number of cents');
  });
});

describe('formatLetterDate', () => {
  it.each([
    ['2026-03-15', 'March 15, 2026'],
    ['2024-02-29', 'February 29, 2024'],
    ['2026-12-01', 'December 1, 2026'],
  ])('%s → %s', (iso, expected) => {
    expect(formatLetterDate(iso)).toBe(expected);
  });

  it.each(['2026-02-29', '2026-13-01', '03-15-2026', '2026-03-15T00:00:00Z', ''])('refuses %j', (iso) => {
    expect(() => formatLetterDate(iso)).toThrow('is not yyyy-MM-dd');
  });
});

describe('letterOfAuthorizationContent', () => {
  it('dates the letter and names the people and the agency', () => {
    const letter = letterOfAuthorizationContent(single);
    expect(letter.title).toBe('Letter of Authorization');
    expect(letter.date).toBe('March 15, 2026');
    expect(letter.from).toEqual(['Jane Q. Doe', '123 Main St', 'Springfield, IL 62704']);
    expect(letter.to).toEqual(['Harbor Light Credit Counseling', '(800) 555-0199']);
    expect(letter.paragraphs[0]).toBe(
      'I, Jane Q. Doe, authorize Harbor Light Credit Counseling, a nonprofit credit counseling agency, to contact each creditor listed below on my behalf, to ask for lower interest rates, waived fees and lower monthly payments, and to set up a debt management plan for these accounts.',
    );
  });

  it('lists every creditor, masked, in dollars, and totals them', () => {
    const { creditors, totals } = letterOfAuthorizationContent(single);
    expect(creditors.columns).toEqual({
      creditorName: 'Creditor',
      accountNumber: 'Account',
      balance: 'Balance',
      newMonthlyPayment: 'New monthly payment',
    });
    expect(creditors.rows).toEqual([
      {
        creditorName: 'CAPITAL ONE BANK USA NA',
        accountNumber: 'XXXX7890',
        balance: '$5,123.45',
        newMonthlyPayment: '$102.47',
      },
      {
        creditorName: 'DISCOVER BANK',
        accountNumber: 'XXXX4321',
        balance: '$2,980.10',
        newMonthlyPayment: '$59.60',
      },
      {
        creditorName: 'MIDLAND CREDIT MANAGEMENT',
        accountNumber: NO_ACCOUNT_NUMBER,
        balance: '$875.00',
        newMonthlyPayment: '$17.50',
      },
    ]);
    // 512,345 + 298,010 + 87,500 = 897,855; 10,247 + 5,960 + 1,750 = 17,957.
    expect(totals).toEqual({ balance: 897_855, newMonthlyPayment: 17_957 });
    expect(creditors.total).toEqual({
      creditorName: 'Total (3 accounts)',
      accountNumber: '',
      balance: '$8,978.55',
      newMonthlyPayment: '$179.57',
    });
  });

  it('says "1 account" for a single creditor', () => {
    const [first] = single.creditors;
    const letter = letterOfAuthorizationContent({ ...single, creditors: first ? [first] : [] });
    expect(letter.creditors.total.creditorName).toBe('Total (1 account)');
  });

  it('keeps every creditor of a long list, in order', () => {
    const creditors = Array.from({ length: 40 }, (_, i) => ({
      creditorName: `CREDITOR ${i + 1}`,
      accountNumber: String(4_000_000_000 + i),
      balance: 100_00 * (i + 1),
      newMonthlyPayment: 2_00 * (i + 1),
    }));
    const letter = letterOfAuthorizationContent({ ...single, creditors });
    expect(letter.creditors.rows.map((r) => r.creditorName)).toEqual(creditors.map((c) => c.creditorName));
    // 100 dollars × (1 + … + 40) = 100 × 820.
    expect(letter.totals.balance).toBe(8_200_000);
    expect(letter.creditors.total.balance).toBe('$82,000.00');
  });

  it.each([
    ['no spouse', single, ['borrower'], 'I'],
    ['a spouse', couple, ['borrower', 'spouse'], 'We'],
  ] as const)(
    'with %s: one signature block per signer, and the letter says "%s"',
    (_label, input, roles, voice) => {
      const letter = letterOfAuthorizationContent(input);
      expect(letter.signatureBlocks.map((b) => b.role)).toEqual(roles);
      expect(letter.paragraphs.every((p) => p.startsWith(`${voice} `) || p.startsWith(`${voice},`))).toBe(
        true,
      );
    },
  );

  it('gives each signature block its name and label', () => {
    expect(letterOfAuthorizationContent(couple).signatureBlocks).toEqual([
      {
        role: 'borrower',
        label: 'Borrower',
        name: 'Jane Q. Doe',
      },
      {
        role: 'spouse',
        label: 'Spouse',
        name: 'John Doe',
      },
    ]);
    expect(letterOfAuthorizationContent(couple).from.slice(0, 2)).toEqual(['Jane Q. Doe', 'John Doe']);
  });

  it('authorizes the amount drawn each month (fee included), its day, the drafts and the masked account', () => {
    const text = letterOfAuthorizationContent(single).closingParagraphs.join('\n');
    expect(text).toContain(
      'I authorize Harbor Light Credit Counseling to draw $204.57 from my checking account XXXX4444 at First Platypus Bank by electronic debit on the 5th of each month, 54 drafts in all, the first on April 5, 2026 and the last on September 5, 2030, when only $120.00 is left to draw.',
    );
    expect(text).toContain(
      "Of each draft, $179.57 goes to the creditors listed above and $25.00 is Harbor Light Credit Counseling's monthly fee.",
    );
    expect(text).toContain(
      'a one-time set-up fee of $35.00, drawn with the first draft on April 5, 2026, so the first draft is $239.57.',
    );
    expect(text).toContain('will not draw more than $204.57 a month unless I confirm new terms');
    expect(text).toContain('at least 10 days before the draft it affects');
    expect(text).toContain('by calling Harbor Light Credit Counseling at (800) 555-0199');
    expect(text).toContain('at least 3 business days before it');
    expect(text).toContain('A draft due on a weekend or a bank holiday is drawn on the next business day.');
    expect(text).toContain('I will receive a copy of this signed letter by email');
  });

  it('carries every disclosure of the plan, and no set-up sentence when there is no set-up fee', () => {
    const text = letterOfAuthorizationContent({
      ...single,
      plan: { ...single.plan, setupFee: 0 },
    }).closingParagraphs.join('\n');
    for (const d of PLAN_DISCLOSURES) expect(text).toContain(d.text);
    expect(text).not.toContain('set-up fee');
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [28, '28th'],
  ])('ordinal(%i) = %s', (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });

  it.each([
    [null, 'from my checking account XXXX4444 by electronic debit'],
    ['  ', 'from my checking account XXXX4444 by electronic debit'],
  ])('leaves the bank out when its name is %j', (institutionName, expected) => {
    const letter = letterOfAuthorizationContent({
      ...single,
      paymentAccount: { institutionName, accountNumber: '1111222233334444' },
    });
    expect(letter.closingParagraphs.join('\n')).toContain(expected);
  });

  it.each([
    ['1485', 'from my checking account ending in 1485 at First Platypus Bank by electronic debit'],
    ['85', 'from my checking account ending in 85 at First Platypus Bank by electronic debit'],
    [' 0000 ', 'from my checking account ending in 0000 at First Platypus Bank by electronic debit'],
  ])('says a connected bank’s mask %j as the end of the number, not masked again', (mask, expected) => {
    // Plaid's account `mask` (its OpenAPI schema): "The last 2-4 alphanumeric characters of an account's official
    // account number." Masking it again as if it were the whole number printed 'XXXX85' for 1485.
    const letter = letterOfAuthorizationContent({
      ...single,
      paymentAccount: { institutionName: 'First Platypus Bank', mask },
    });
    const text = letter.closingParagraphs.join('\n');
    expect(text).toContain(expected);
    expect(text).not.toContain('XXXX');
  });

  it.each([
    ['the creditors', '5178231234567890'],
    ['the creditors', '601100004321'],
    ['the creditors', '6011-0000-4321'],
    ['the payment account', '1111222233334444'],
    ['the payment account', '11112222333'],
  ])('never prints a whole account number of %s (%s)', (_label, full) => {
    expect(allText(single)).not.toContain(full);
  });

  it('speaks for both when there is a spouse', () => {
    const letter = letterOfAuthorizationContent(couple);
    expect(letter.paragraphs[0]).toMatch(/^We, Jane Q\. Doe and John Doe, authorize .* on our behalf/);
    expect(letter.closingParagraphs.join('\n')).toContain('from our checking account XXXX4444');
    expect(letter.closingParagraphs.join('\n')).toContain('our electronic signatures have the same effect');
  });

  it.each([
    ['no creditor', { ...single, creditors: [] }, 'no creditor'],
    ['a blank borrower name', { ...single, borrower: { ...single.borrower, fullName: ' ' } }, 'no name'],
    ['a blank spouse name', { ...single, spouse: { fullName: '' } }, 'no name'],
    ['a zero term', { ...single, plan: { ...single.plan, termInMonths: 0 } }, 'a term of 0 months'],
    [
      'no payment account number',
      { ...single, paymentAccount: { institutionName: null, accountNumber: '' } },
      'no payment account',
    ],
    [
      'a connected account without a mask',
      { ...single, paymentAccount: { institutionName: 'First Platypus Bank', mask: ' ' } },
      'no payment account',
    ],
    ['a malformed date', { ...single, date: '03/15/2026' }, 'is not yyyy-MM-dd'],
  ])('refuses %s', (_label, input, message) => {
    expect(() => letterOfAuthorizationContent(input)).toThrow(message);
  });
});
