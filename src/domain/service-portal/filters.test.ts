import { describe, expect, it } from 'vitest';
import { DEFAULT_SUMMARY_STATUSES } from '../flow/statuses';
import { MESSAGES } from '../validation/messages';
import {
  accountTypeFilterOf,
  borrowerLanguageOf,
  spouseLanguageOf,
  claimBodySchema,
  LANGUAGE_LABELS,
  languageFilterIsOpen,
  languageMatches,
  unclaimBodySchema,
  DEFAULT_DEBT_FILTERS,
  debtFiltersAreOpen,
  type DebtFacts,
  debtMatches,
  effectiveDebtDetail,
  queueQuerySchema,
  summaryQuerySchema,
  validateFilters,
} from './filters';

const fieldErrors = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('summaryQuerySchema', () => {
  it('defaults to every status but transferred, claimed and unclaimed, not only mine', () => {
    const q = summaryQuerySchema.parse({});
    expect(q.applicationStatus).toEqual([...DEFAULT_SUMMARY_STATUSES]);
    expect(q.applicationStatus).not.toContain('transferred');
    expect(q.claimedStatus).toEqual(['claimed', 'unclaimed']);
    expect(q.assignedToMe).toBe(false);
  });

  it('reads comma-separated and repeated options', () => {
    expect(
      summaryQuerySchema.parse({ applicationStatus: 'transfer,transferred', claimedStatus: 'claimed' }),
    ).toMatchObject({ applicationStatus: ['transfer', 'transferred'], claimedStatus: ['claimed'] });
    expect(
      summaryQuerySchema.parse({ applicationStatus: ['inProgress', 'inProgress'] }).applicationStatus,
    ).toEqual(['inProgress']);
  });

  it.each([
    [{ applicationStatus: '' }, { applicationStatus: MESSAGES.filterRequired }],
    [{ claimedStatus: '' }, { claimedStatus: MESSAGES.filterRequired }],
    [{ applicationStatus: 'approved' }, { applicationStatus: 'Unknown filter option: approved' }],
    [{ startDate: '2026-02-30' }, { startDate: 'Please enter a date as yyyy-MM-dd' }],
    [{ startDate: '2026-02-30', endDate: '2026-03-01' }, { startDate: 'Please enter a date as yyyy-MM-dd' }],
    [{ endDate: '9999-12-31' }, { endDate: 'Please enter a date between 1900 and 2100' }],
    [
      { startDate: '2026-03-02', endDate: '2026-03-01' },
      { endDate: 'The start date must be on or before the end date' },
    ],
    [{ assignedToMe: 'yes' }, { assignedToMe: expect.any(String) }],
    [{ status: 'inProgress' }, { '': expect.any(String) }],
  ])('refuses %j', (query, errors) => {
    expect(fieldErrors(summaryQuerySchema.safeParse(query))).toEqual(errors);
  });
});

describe('queueQuerySchema', () => {
  it('defaults to every debt, no details, page 1', () => {
    expect(queueQuerySchema.parse({})).toMatchObject({ ...DEFAULT_DEBT_FILTERS, page: 1 });
  });

  it('lets debtDetail be empty (exempt) but no other category', () => {
    expect(queueQuerySchema.safeParse({ debtDetail: '' }).success).toBe(true);
    expect(
      fieldErrors(queueQuerySchema.safeParse({ debtStatus: '', portfolioType: '', accountType: '' })),
    ).toEqual({
      debtStatus: MESSAGES.filterRequired,
      portfolioType: MESSAGES.filterRequired,
      accountType: MESSAGES.filterRequired,
    });
  });

  it('reads the page as a number from 1', () => {
    expect(queueQuerySchema.parse({ page: '3' }).page).toBe(3);
    expect(queueQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(queueQuerySchema.safeParse({ page: 'x' }).success).toBe(false);
  });
});

describe('validateFilters', () => {
  it('names every empty category except debtDetail', () => {
    expect(
      validateFilters({ applicationStatus: [], claimedStatus: ['claimed'], debtDetail: [], accountType: [] }),
    ).toEqual({ applicationStatus: MESSAGES.filterRequired, accountType: MESSAGES.filterRequired });
    expect(validateFilters({})).toEqual({});
  });
});

describe('debt filters', () => {
  const open: DebtFacts = {
    dateClosed: null,
    currentBalance: 10_000,
    pastDue: 0,
    lateCount: 0,
    portfolioType: 'revolving',
    accountType: 'CC',
  };

  it('applies details only under open', () => {
    expect(effectiveDebtDetail({ debtStatus: ['closed'], debtDetail: ['hasBalance'] })).toEqual([]);
    expect(effectiveDebtDetail({ debtStatus: ['open'], debtDetail: ['hasBalance'] })).toEqual(['hasBalance']);
  });

  it('knows when nothing is narrowed', () => {
    expect(debtFiltersAreOpen(DEFAULT_DEBT_FILTERS)).toBe(true);
    expect(debtFiltersAreOpen({ ...DEFAULT_DEBT_FILTERS, debtStatus: ['open'] })).toBe(false);
    expect(debtFiltersAreOpen({ ...DEFAULT_DEBT_FILTERS, debtDetail: ['hasLatePayment'] })).toBe(false);
    expect(debtFiltersAreOpen({ ...DEFAULT_DEBT_FILTERS, accountType: ['CC'] })).toBe(false);
  });

  it.each([
    [
      'an open card with $100.00 matches hasBalanceAbove100 (100 or more)',
      { debtDetail: ['hasBalanceAbove100'] },
      open,
      true,
    ],
    ['$99.99 does not', { debtDetail: ['hasBalanceAbove100'] }, { ...open, currentBalance: 9_999 }, false],
    ['a zero balance has no balance', { debtDetail: ['hasBalance'] }, { ...open, currentBalance: 0 }, false],
    ['late when any late count', { debtDetail: ['hasLatePayment'] }, { ...open, lateCount: 1 }, true],
    ['late when past due', { debtDetail: ['hasLatePayment'] }, { ...open, pastDue: 500 }, true],
    ['not late otherwise', { debtDetail: ['hasLatePayment'] }, open, false],
    ['every ticked detail must hold', { debtDetail: ['hasBalance', 'hasLatePayment'] }, open, false],
    [
      'a closed debt when only open is ticked',
      { debtStatus: ['open'] },
      { ...open, dateClosed: '2025-01-01' },
      false,
    ],
    [
      'a closed debt ignores details',
      { debtDetail: ['hasLatePayment'] },
      { ...open, dateClosed: '2025-01-01' },
      true,
    ],
    ['by portfolio type', { portfolioType: ['installment'] }, open, false],
    ['by account type', { accountType: ['CH'] }, open, false],
    ['an unlisted code is other', { accountType: ['other'] }, { ...open, accountType: 'ZZ' }, true],
    [
      'no portfolio type matches when every type is ticked',
      { debtStatus: ['open'] },
      { ...open, portfolioType: null },
      true,
    ],
    [
      'no portfolio type does not match a narrowed list',
      { portfolioType: ['revolving'] },
      { ...open, portfolioType: null },
      false,
    ],
  ] as const)('%s', (_name, filters, facts, expected) => {
    expect(debtMatches({ ...DEFAULT_DEBT_FILTERS, ...filters } as never, facts)).toBe(expected);
  });

  it.each([
    ['cc', 'CC'],
    [' us ', 'US'],
    ['ZZ', 'other'],
    [null, 'other'],
  ])('account type %s → %s', (code, filter) => {
    expect(accountTypeFilterOf(code)).toBe(filter);
  });
});

describe('claimBodySchema', () => {
  it('needs the version seen', () => {
    expect(claimBodySchema.parse({ version: 3 })).toEqual({ version: 3 });
    expect(claimBodySchema.safeParse({}).success).toBe(false);
    expect(claimBodySchema.safeParse({ version: -1 }).success).toBe(false);
    expect(claimBodySchema.safeParse({ version: 1, assignedTo: 'x' }).success).toBe(false);
  });

  it('takes takeOver (a boolean) only on unclaim, and still refuses unknown fields', () => {
    expect(unclaimBodySchema.parse({ version: 3 })).toEqual({ version: 3 });
    expect(unclaimBodySchema.parse({ version: 3, takeOver: true })).toEqual({ version: 3, takeOver: true });
    expect(unclaimBodySchema.safeParse({ version: 3, takeOver: 'yes' }).success).toBe(false);
    expect(unclaimBodySchema.safeParse({ version: 3, assignedTo: 'x' }).success).toBe(false);
    expect(claimBodySchema.safeParse({ version: 3, takeOver: true }).success).toBe(false);
  });
});

describe('the language filter', () => {
  it('defaults to both languages on the queue and the summary list', () => {
    expect(queueQuerySchema.parse({}).language).toEqual(['en', 'es']);
    expect(summaryQuerySchema.parse({}).language).toEqual(['en', 'es']);
  });

  it.each([
    ['en', ['en']],
    ['es', ['es']],
    ['en,es', ['en', 'es']],
    ['es,en,es', ['es', 'en']],
    [
      ['es', 'en'],
      ['es', 'en'],
    ],
  ])('reads language=%j', (language, parsed) => {
    expect(queueQuerySchema.parse({ language }).language).toEqual(parsed);
    expect(summaryQuerySchema.parse({ language }).language).toEqual(parsed);
  });

  it.each([
    ['', MESSAGES.filterRequired],
    ['fr', 'Unknown filter option: fr'],
    ['Spanish', 'Unknown filter option: Spanish'],
    ['ES', 'Unknown filter option: ES'],
    ["es'; drop table borrower; --", "Unknown filter option: es'; drop table borrower; --"],
  ])('refuses language=%j with its message', (language, message) => {
    expect(fieldErrors(queueQuerySchema.safeParse({ language }))).toEqual({ language: message });
    expect(fieldErrors(summaryQuerySchema.safeParse({ language }))).toEqual({ language: message });
  });

  it.each([
    [null, 'en'],
    [undefined, 'en'],
    ['en', 'en'],
    ['es', 'es'],
    ['fr', 'en'],
    ['', 'en'],
  ] as const)('counts a stored %j as %s', (stored, language) => {
    expect(borrowerLanguageOf(stored)).toBe(language);
  });

  it.each([
    // The spouse's own choice wins; none follows the borrower's (null borrower: English).
    ['en', 'es', 'en'],
    ['es', 'en', 'es'],
    [null, 'es', 'es'],
    [null, null, 'en'],
    [null, 'en', 'en'],
    ['fr', 'es', 'en'],
  ] as const)('reads a spouse’s %j beside a borrower’s %j as %s', (spouse, borrower, language) => {
    expect(spouseLanguageOf(spouse, borrower)).toBe(language);
  });

  it.each([
    [['en', 'es'], null, true],
    [['en', 'es'], 'es', true],
    [['en'], null, true],
    [['en'], 'en', true],
    [['en'], 'es', false],
    [['es'], 'es', true],
    [['es'], null, false],
    [['es'], 'en', false],
    [[], 'es', false],
  ] as const)('ticked %j matches a stored %j: %s', (ticked, stored, matches) => {
    expect(languageMatches(ticked, stored)).toBe(matches);
    expect(languageFilterIsOpen(ticked)).toBe(ticked.length === 2);
  });

  it('names the languages in English, as the portal speaks', () => {
    expect(LANGUAGE_LABELS).toEqual({ en: 'English', es: 'Spanish' });
  });
});
