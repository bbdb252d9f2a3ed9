import {
  addDays,
  addMonthsToMonth,
  calendarDateOfIso,
  dayInMonth,
  dayNumber,
  monthOf,
  utcDayOf,
} from '#domain/calendar';
import type {
  BureauCollection,
  BureauCreditReport,
  BureauInquiry,
  BureauTradeline,
  EcoaDesignator,
} from '#domain/underwriting/credit-report';
import type { CreditApplicant, CreditBureau, CreditPull } from './port';

/**
 * The built-in credit bureau, offline and deterministic (docs/providers.md, Credit bureau). The applicant's
 * last name picks a persona; everyone else gets the typical file. A person (names and date of birth) always
 * gets the same accounts and balances; dates are counted back from the day of the pull, so a file pulled
 * today looks current.
 */

/** Last names (compared case-insensitively) that pick a persona instead of the typical file. */
export const SANDBOX_CREDIT_PERSONAS = {
  noFile: 'Nofile',
  bureauError: 'Bureauerror',
  thinFile: 'Thinfile',
  bigDebt: 'Bigdebt',
  /** The typical file, plus an inquiry dated SANDBOX_NEW_INQUIRY_DAYS before every pull (someone applies monthly). */
  newInquiry: 'Newinquiry',
} as const;

/** How many days before each pull the newInquiry persona's newest inquiry is dated. */
export const SANDBOX_NEW_INQUIRY_DAYS = 3;
/**
 * Inquiries of a file keep their dates from one pull to the next: each recurs on a cycle of this many days
 * at its own phase, dated between SANDBOX_INQUIRY_MIN_AGE_DAYS and about two years back whenever the file is
 * pulled. An inquiry that comes round again is already that old, so monthly pulls (up to that many days
 * apart) never see it as news: only the newInquiry persona brings new inquiries.
 */
export const SANDBOX_INQUIRY_CYCLE_DAYS = 696;
export const SANDBOX_INQUIRY_MIN_AGE_DAYS = 35;

export const SANDBOX_NO_FILE_ERROR = 'no credit file found';
export const SANDBOX_BUREAU_UNREACHABLE =
  'Credit bureau sandbox: the bureau could not be reached (persona Bureauerror)';

/** Dollar ranges of what the underwriting will find eligible (cards, unsecured loans, collections). */
export const TYPICAL_ELIGIBLE_BALANCE = { min: 14_000_00, max: 28_000_00 } as const;
export const BIG_DEBT_ELIGIBLE_BALANCE = { min: 86_000_00, max: 94_000_00 } as const;
export const TYPICAL_CARD_COUNT = { min: 4, max: 6 } as const;
export const BIG_DEBT_CARD_COUNT = { min: 6, max: 8 } as const;

/** Card minimum payments: 2% to 3% of the balance, never under $25 (common issuer terms). */
export const CARD_MINIMUM_PAYMENT_BASIS_POINTS = { min: 200, max: 300 } as const;
export const CARD_MINIMUM_PAYMENT_FLOOR = 25_00;

const VANTAGE_SCORE = {
  typical: { min: 580, max: 700 },
  thinFile: { min: 640, max: 720 },
  bigDebt: { min: 520, max: 640 },
} as const;

/** Bureaus report balances, limits and payments in whole dollars. */
const DOLLAR = 100;
/** Bureaus stop counting months reviewed at 99. */
const MAX_MONTHS_REVIEWED = 99;
/** The joint card is shared by everyone at the same address, in about this share of households. */
const JOINT_CARD_CHANCE = 0.5;
/** Accounts open no earlier than the applicant's 18th birthday. */
const ADULT_AGE_YEARS = 18;
/** When the date of birth cannot be read, files look like a 35-year-old's. */
const FALLBACK_ADULT_MONTHS = 17 * 12;
const MIN_ACCOUNT_AGE_MONTHS = 6;

// Card issuers as bureaus spell them, with the card network's leading digits for the masked account number.
const CARD_ISSUERS = [
  { lenderName: 'CAPITAL ONE BANK USA NA', numberPrefix: '5178' },
  { lenderName: 'JPMCB CARD', numberPrefix: '4147' },
  { lenderName: 'CITIBANK NA', numberPrefix: '5424' },
  { lenderName: 'DISCOVER BANK', numberPrefix: '6011' },
  { lenderName: 'BANK OF AMERICA', numberPrefix: '4400' },
  { lenderName: 'SYNCB/AMAZON', numberPrefix: '6045' },
  { lenderName: 'AMERICAN EXPRESS', numberPrefix: '3499' },
  { lenderName: 'WELLS FARGO CARD SER', numberPrefix: '4465' },
  { lenderName: 'BARCLAYS BANK DELAWARE', numberPrefix: '5140' },
  { lenderName: 'CREDIT ONE BANK NA', numberPrefix: '4447' },
  { lenderName: 'COMENITY BANK/VICTORIA', numberPrefix: '5856' },
] as const;

const AUTO_LENDERS = [
  'ALLY FINANCIAL',
  'TOYOTA MOTOR CREDIT',
  'CAPITAL ONE AUTO FINAN',
  'SANTANDER CONSUMER USA',
];
const STUDENT_LENDERS = ['DEPT OF EDUCATION/NELN', 'DEPT OF ED/AIDVANTAGE', 'NAVIENT SOLUTIONS LLC'];
const MORTGAGE_LENDERS = [
  'ROCKET MORTGAGE',
  'WELLS FARGO HOME MORTGAG',
  'MR COOPER',
  'PENNYMAC LOAN SERVICES',
];
const PERSONAL_LOAN_LENDERS = ['LENDINGCLUB CORP', 'UPSTART NETWORK INC', 'SOFI LENDING CORP'];
const COLLECTION_AGENCIES = [
  'MIDLAND CREDIT MANAGEMENT',
  'PORTFOLIO RECOVERY ASSOCIATES',
  'LVNV FUNDING LLC',
  'JEFFERSON CAPITAL SYSTEMS',
];
const COLLECTION_ORIGINAL_LENDERS = [
  'COMENITY BANK',
  'CREDIT ONE BANK NA',
  'SYNCHRONY BANK',
  'WEBBANK/FINGERHUT',
];
/** Industry codes: BC bank card, FA auto financing, FS finance/sales. */
const INQUIRY_SUBSCRIBERS = [
  { subscriberName: 'CAPITAL ONE', industryCode: 'BC' },
  { subscriberName: 'SYNCB/AMAZON', industryCode: 'BC' },
  { subscriberName: 'JPMCB CARD', industryCode: 'BC' },
  { subscriberName: 'DISCOVER BANK', industryCode: 'BC' },
  { subscriberName: 'CARMAX AUTO FINANCE', industryCode: 'FA' },
  { subscriberName: 'UPSTART NETWORK INC', industryCode: 'FS' },
] as const;

/**
 * Collections carry the account type debt buyers report (FC, factoring company), which is not one of the
 * codes the product filters debts on; the port keeps unknown codes as reported.
 */
const COLLECTION_ACCOUNT_TYPE = 'FC';

export function createSandboxCreditBureau(options: { now?: () => Date } = {}): CreditBureau {
  const now = options.now ?? (() => new Date());
  return {
    async pull(applicant, o) {
      const persona = applicant.lastName.trim().toLowerCase();
      if (persona === SANDBOX_CREDIT_PERSONAS.bureauError.toLowerCase()) {
        throw new Error(SANDBOX_BUREAU_UNREACHABLE);
      }
      if (persona === SANDBOX_CREDIT_PERSONAS.noFile.toLowerCase()) {
        return { wasSuccessful: false, error: SANDBOX_NO_FILE_ERROR } satisfies CreditPull;
      }
      const personSeed = hashString(
        [applicant.firstName, applicant.lastName, applicant.dateOfBirth].map(normalize).join('|'),
      );
      const file = createFileContext(applicant, personSeed, o?.asOf ?? now());
      const report =
        persona === SANDBOX_CREDIT_PERSONAS.thinFile.toLowerCase()
          ? thinFile(file)
          : persona === SANDBOX_CREDIT_PERSONAS.bigDebt.toLowerCase()
            ? bigDebtFile(file)
            : typicalFile(file);
      if (persona === SANDBOX_CREDIT_PERSONAS.newInquiry.toLowerCase()) {
        report.inquiries.unshift({
          date: daysAgo(file.today, SANDBOX_NEW_INQUIRY_DAYS),
          subscriberName: 'CREDIT ONE BANK NA',
          industryCode: 'BC',
        });
      }
      return { wasSuccessful: true, report, fileId: `sandbox-${personSeed.toString(16).padStart(8, '0')}` };
    },
  };
}

type FileContext = {
  applicant: CreditApplicant;
  rng: Rng;
  /** Seeded by the address alone, so spouses at one address share their joint card. */
  householdRng: Rng;
  /** The pull date, 'yyyy-MM-dd', its UTC day. */
  today: string;
  /** How many months back an account can have been opened (since the applicant turned 18). */
  maxAgeMonths: number;
};

function createFileContext(applicant: CreditApplicant, personSeed: number, pulledAt: Date): FileContext {
  const today = utcDayOf(pulledAt);
  return {
    applicant,
    rng: createRng(personSeed),
    householdRng: createRng(hashString([applicant.addressLine1, applicant.zipCode].map(normalize).join('|'))),
    today,
    maxAgeMonths: Math.max(MIN_ACCOUNT_AGE_MONTHS, monthsSinceAdulthood(applicant.dateOfBirth, today)),
  };
}

function typicalFile(file: FileContext): BureauCreditReport {
  const { rng } = file;
  const eligibleTotal =
    rng.int(TYPICAL_ELIGIBLE_BALANCE.min / DOLLAR, TYPICAL_ELIGIBLE_BALANCE.max / DOLLAR) * DOLLAR;
  const collection = collectionAccount(file, rng.int(600, 2_400) * DOLLAR);
  const cards = cardAccounts(file, {
    count: rng.int(TYPICAL_CARD_COUNT.min, TYPICAL_CARD_COUNT.max),
    total: eligibleTotal - collection.currentBalance,
    withJointCard: true,
  });
  return {
    vantageScore: rng.int(VANTAGE_SCORE.typical.min, VANTAGE_SCORE.typical.max),
    debts: [
      ...cards,
      autoLoan(file),
      studentLoan(file),
      ...(file.applicant.isHomeowner ? [mortgage(file)] : []),
    ],
    collections: [collection],
    inquiries: inquiries(file, rng.int(2, 4)),
  };
}

function bigDebtFile(file: FileContext): BureauCreditReport {
  const { rng } = file;
  const eligibleTotal =
    rng.int(BIG_DEBT_ELIGIBLE_BALANCE.min / DOLLAR, BIG_DEBT_ELIGIBLE_BALANCE.max / DOLLAR) * DOLLAR;
  const collections = [collectionAccount(file, rng.int(900, 3_000) * DOLLAR)];
  collections.push(collectionAccount(file, rng.int(600, 2_000) * DOLLAR, collections[0]?.subscriberName));
  const personalLoan = installmentLoan(file, {
    accountType: 'US',
    lenderName: rng.pick(PERSONAL_LOAN_LENDERS),
    principal: rng.int(18_000, 26_000) * DOLLAR,
    termMonths: 60,
    aprBasisPoints: rng.int(1_200, 2_200),
    ageMonths: rng.int(MIN_ACCOUNT_AGE_MONTHS, Math.min(24, file.maxAgeMonths)),
  });
  const collectionTotal = collections.reduce((sum, c) => sum + c.currentBalance, 0);
  const cards = cardAccounts(file, {
    count: rng.int(BIG_DEBT_CARD_COUNT.min, BIG_DEBT_CARD_COUNT.max),
    total: eligibleTotal - collectionTotal - personalLoan.currentBalance,
    withJointCard: false,
  });
  return {
    vantageScore: rng.int(VANTAGE_SCORE.bigDebt.min, VANTAGE_SCORE.bigDebt.max),
    debts: [
      ...cards,
      personalLoan,
      autoLoan(file),
      studentLoan(file),
      ...(file.applicant.isHomeowner ? [mortgage(file)] : []),
    ],
    collections,
    inquiries: inquiries(file, rng.int(4, 6)),
  };
}

/** Scored, but nothing a DMP can take: a card closed at zero, an auto loan and a student loan. */
function thinFile(file: FileContext): BureauCreditReport {
  const { rng } = file;
  const issuer = rng.pick(CARD_ISSUERS);
  const ageMonths = rng.int(Math.min(24, file.maxAgeMonths), Math.min(96, file.maxAgeMonths));
  const closedMonthsAgo = rng.int(3, Math.min(18, ageMonths - 1));
  const creditLimit = rng.int(5, 30) * 100 * DOLLAR;
  const closedCard: BureauTradeline = {
    accountNumber: maskedNumber(rng, issuer.numberPrefix),
    accountType: 'CC',
    accountRating: '01',
    currentBalance: 0,
    dateOpened: monthsAgo(file.today, ageMonths, rng.int(1, 28)),
    dateClosed: monthsAgo(file.today, closedMonthsAgo, rng.int(1, 28)),
    ecoaDesignator: 'individual',
    highCredit: Math.round((creditLimit * rng.int(20, 90)) / 100 / DOLLAR) * DOLLAR,
    creditLimit,
    late30DaysTotal: 0,
    late60DaysTotal: 0,
    late90DaysTotal: 0,
    lenderName: issuer.lenderName,
    monthsReviewedCount: Math.min(MAX_MONTHS_REVIEWED, ageMonths),
    mostRecentPayment: monthsAgo(file.today, closedMonthsAgo + 1, rng.int(1, 28)),
    pastDue: 0,
    portfolioType: 'revolving',
    scheduledMonthlyPayment: 0,
  };
  return {
    vantageScore: rng.int(VANTAGE_SCORE.thinFile.min, VANTAGE_SCORE.thinFile.max),
    debts: [closedCard, autoLoan(file), studentLoan(file)],
    collections: [],
    inquiries: inquiries(file, 1),
  };
}

/** Open cards whose balances add up to `total`; the first may be the household's joint card. */
function cardAccounts(
  file: FileContext,
  options: { count: number; total: number; withJointCard: boolean },
): BureauTradeline[] {
  const { rng } = file;
  const joint = options.withJointCard ? jointCard(file) : null;
  const issuers = rng.shuffle(CARD_ISSUERS.filter((i) => i.lenderName !== joint?.lenderName));
  const ownCount = options.count - (joint ? 1 : 0);
  const ownTotal = options.total - (joint?.currentBalance ?? 0);
  const weights = Array.from({ length: ownCount }, () => rng.int(50, 150));
  const weightTotal = weights.reduce((a, b) => a + b, 0);
  let assigned = 0;
  const balances = weights.map((weight, index) => {
    const balance =
      index === ownCount - 1
        ? ownTotal - assigned
        : Math.round((ownTotal * weight) / weightTotal / DOLLAR) * DOLLAR;
    assigned += balance;
    return balance;
  });
  // One card in three files is a month behind: a hardship file, not a perfect one.
  const lateIndex = rng.chance(1 / 3) ? rng.int(0, ownCount - 1) : -1;
  const own = balances.map((balance, index) => {
    const issuer = issuers[index % issuers.length] ?? CARD_ISSUERS[0];
    return openCard(file.rng, file, {
      lenderName: issuer.lenderName,
      numberPrefix: issuer.numberPrefix,
      balance,
      ecoaDesignator: 'individual',
      isPastDue: index === lateIndex,
    });
  });
  return joint ? [joint, ...own] : own;
}

/** Drawn from the household's generator so both spouses' files hold the same card, number and all. */
function jointCard(file: FileContext): BureauTradeline | null {
  const rng = file.householdRng;
  if (!rng.chance(JOINT_CARD_CHANCE)) return null;
  const issuer = rng.pick(CARD_ISSUERS);
  const ageMonths = rng.int(24, 120);
  const card = openCard(rng, file, {
    lenderName: issuer.lenderName,
    numberPrefix: issuer.numberPrefix,
    balance: rng.int(1_500, 4_500) * DOLLAR,
    ecoaDesignator: 'joint',
    isPastDue: false,
    ageMonths,
  });
  // A young applicant cannot hold a card opened before they came of age.
  return ageMonths <= file.maxAgeMonths ? card : null;
}

function openCard(
  rng: Rng,
  file: FileContext,
  card: {
    lenderName: string;
    numberPrefix: string;
    balance: number;
    ecoaDesignator: EcoaDesignator;
    isPastDue: boolean;
    ageMonths?: number;
  },
): BureauTradeline {
  const ageMonths =
    card.ageMonths ?? rng.int(Math.min(12, file.maxAgeMonths), Math.min(180, file.maxAgeMonths));
  const utilizationBasisPoints = rng.int(5_500, 9_800);
  const creditLimit = Math.max(
    card.balance,
    Math.ceil((card.balance * 10_000) / utilizationBasisPoints / (100 * DOLLAR)) * 100 * DOLLAR,
  );
  const highCredit = card.balance + rng.int(0, (creditLimit - card.balance) / DOLLAR) * DOLLAR;
  const payment = cardMinimumPayment(rng, card.balance);
  const late30DaysTotal = card.isPastDue ? rng.int(1, 3) : rng.chance(0.3) ? rng.int(1, 2) : 0;
  const late60DaysTotal = late30DaysTotal > 1 && rng.chance(0.35) ? 1 : 0;
  const paidDaysAgo = card.isPastDue ? rng.int(35, 55) : rng.int(3, 27);
  return {
    accountNumber: maskedNumber(rng, card.numberPrefix),
    accountType: 'CC',
    accountRating: card.isPastDue ? '02' : '01',
    currentBalance: card.balance,
    dateOpened: monthsAgo(file.today, ageMonths, rng.int(1, 28)),
    dateClosed: null,
    ecoaDesignator: card.ecoaDesignator,
    highCredit,
    creditLimit,
    late30DaysTotal,
    late60DaysTotal,
    late90DaysTotal: 0,
    lenderName: card.lenderName,
    monthsReviewedCount: Math.min(MAX_MONTHS_REVIEWED, ageMonths),
    mostRecentPayment: daysAgo(file.today, paidDaysAgo),
    pastDue: card.isPastDue ? payment : 0,
    portfolioType: 'revolving',
    scheduledMonthlyPayment: payment,
  };
}

function cardMinimumPayment(rng: Rng, balance: number): number {
  const basisPoints = rng.int(CARD_MINIMUM_PAYMENT_BASIS_POINTS.min, CARD_MINIMUM_PAYMENT_BASIS_POINTS.max);
  const payment = Math.round((balance * basisPoints) / 10_000 / DOLLAR) * DOLLAR;
  return Math.max(CARD_MINIMUM_PAYMENT_FLOOR, payment);
}

function autoLoan(file: FileContext): BureauTradeline {
  const { rng } = file;
  return installmentLoan(file, {
    accountType: 'AU',
    lenderName: rng.pick(AUTO_LENDERS),
    principal: rng.int(18_000, 38_000) * DOLLAR,
    termMonths: rng.pick([60, 72]),
    aprBasisPoints: rng.int(500, 1_100),
    ageMonths: rng.int(MIN_ACCOUNT_AGE_MONTHS, Math.min(48, file.maxAgeMonths)),
  });
}

function studentLoan(file: FileContext): BureauTradeline {
  const { rng } = file;
  return installmentLoan(file, {
    accountType: 'ST',
    lenderName: rng.pick(STUDENT_LENDERS),
    principal: rng.int(12_000, 40_000) * DOLLAR,
    termMonths: 120,
    aprBasisPoints: rng.int(450, 680),
    ageMonths: rng.int(MIN_ACCOUNT_AGE_MONTHS, Math.min(96, file.maxAgeMonths)),
  });
}

function mortgage(file: FileContext): BureauTradeline {
  const { rng } = file;
  return installmentLoan(file, {
    accountType: 'CV',
    lenderName: rng.pick(MORTGAGE_LENDERS),
    principal: rng.int(180, 420) * 1_000 * DOLLAR,
    termMonths: 360,
    aprBasisPoints: rng.int(300, 700),
    ageMonths: rng.int(MIN_ACCOUNT_AGE_MONTHS, Math.min(180, file.maxAgeMonths)),
  });
}

/** A loan paid as scheduled since it opened: balance and payment follow from the amortization. */
function installmentLoan(
  file: FileContext,
  loan: {
    accountType: 'AU' | 'CV' | 'ST' | 'US';
    lenderName: string;
    principal: number;
    termMonths: number;
    aprBasisPoints: number;
    ageMonths: number;
  },
): BureauTradeline {
  const { rng } = file;
  const monthlyRate = loan.aprBasisPoints / 10_000 / 12;
  let growth = 1;
  for (let month = 0; month < loan.termMonths; month += 1) growth *= 1 + monthlyRate;
  const payment = Math.round((loan.principal * monthlyRate * growth) / (growth - 1) / DOLLAR) * DOLLAR;
  let balance = loan.principal;
  for (let month = 0; month < loan.ageMonths; month += 1) {
    balance = Math.max(0, balance + Math.round(balance * monthlyRate) - payment);
  }
  return {
    accountNumber: maskedNumber(rng, String(rng.int(1_000, 9_999))),
    accountType: loan.accountType,
    accountRating: '01',
    currentBalance: Math.round(balance / DOLLAR) * DOLLAR,
    dateOpened: monthsAgo(file.today, loan.ageMonths, rng.int(1, 28)),
    dateClosed: null,
    ecoaDesignator: 'individual',
    highCredit: loan.principal,
    creditLimit: null,
    late30DaysTotal: rng.chance(0.15) ? 1 : 0,
    late60DaysTotal: 0,
    late90DaysTotal: 0,
    lenderName: loan.lenderName,
    monthsReviewedCount: Math.min(MAX_MONTHS_REVIEWED, loan.ageMonths),
    mostRecentPayment: daysAgo(file.today, rng.int(3, 27)),
    pastDue: 0,
    portfolioType: loan.accountType === 'CV' ? 'mortgage' : 'installment',
    scheduledMonthlyPayment: payment,
  };
}

function collectionAccount(file: FileContext, balance: number, notFrom?: string): BureauCollection {
  const { rng } = file;
  const ageMonths = rng.int(Math.min(6, file.maxAgeMonths), Math.min(36, file.maxAgeMonths));
  return {
    accountNumber: maskedNumber(rng, String(rng.int(1_000, 9_999))),
    accountType: COLLECTION_ACCOUNT_TYPE,
    accountRating: '09',
    currentBalance: balance,
    originalBalance: balance + rng.int(0, 400) * DOLLAR,
    dateOpened: monthsAgo(file.today, ageMonths, rng.int(1, 28)),
    dateClosed: null,
    ecoaDesignator: 'individual',
    subscriberName: rng.pick(COLLECTION_AGENCIES.filter((name) => name !== notFrom)),
    originalLenderName: rng.pick(COLLECTION_ORIGINAL_LENDERS),
    monthsReviewedCount: Math.min(MAX_MONTHS_REVIEWED, ageMonths),
    mostRecentPayment: null,
    pastDue: balance,
    portfolioType: 'open',
    scheduledMonthlyPayment: 0,
  };
}

/**
 * Newest first, all within the last two years, each on the same date at every pull while it is in that
 * window (see SANDBOX_INQUIRY_CYCLE_DAYS).
 */
function inquiries(file: FileContext, count: number): BureauInquiry[] {
  const { rng } = file;
  const todayNumber = dayNumber(file.today);
  const cycle = SANDBOX_INQUIRY_CYCLE_DAYS;
  return Array.from({ length: count }, () => rng.int(5, 700))
    .map((phase) => SANDBOX_INQUIRY_MIN_AGE_DAYS + ((((todayNumber + phase) % cycle) + cycle) % cycle))
    .sort((a, b) => a - b)
    .map((days) => {
      const subscriber = rng.pick(INQUIRY_SUBSCRIBERS);
      return {
        date: daysAgo(file.today, days),
        subscriberName: subscriber.subscriberName,
        industryCode: subscriber.industryCode,
      };
    });
}

/** Digits as the bureau prints them: the first few shown, the rest masked. */
/**
 * The full account number: the agency pays creditors by it, so the product stores it (encrypted) and shows
 * only its last four digits. Prefix then random digits, 14 to 16 long.
 */
function maskedNumber(rng: Rng, prefix: string): string {
  let digits = prefix;
  const length = Math.max(prefix.length + 6, 14 + rng.int(0, 2));
  while (digits.length < length) digits += String(rng.int(0, 9));
  return digits;
}

function monthsSinceAdulthood(dateOfBirth: string, today: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return FALLBACK_ADULT_MONTHS;
  const now = calendarDateOfIso(today);
  const months = (now.year - Number(match[1]) - ADULT_AGE_YEARS) * 12 + (now.month - Number(match[2]));
  return Number.isFinite(months) ? months : FALLBACK_ADULT_MONTHS;
}

/** The day `dayOfMonth` (at most 28, which every month has) `months` months before today's month. */
function monthsAgo(today: string, months: number, dayOfMonth: number): string {
  return dayInMonth(addMonthsToMonth(monthOf(today), -months), dayOfMonth);
}

const daysAgo = (today: string, days: number): string => addDays(today, -days);

const normalize = (value: string): string => value.trim().toLowerCase().replace(/\s+/g, ' ');

/** FNV-1a, 32 bits: a stable seed from an identity. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

type Rng = {
  /** An integer from min to max, both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
};

/** mulberry32: small, fast and the same on every machine, unlike Math.random. */
function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (Math.max(min, max) - min + 1));
  return {
    int,
    chance: (probability) => next() < probability,
    pick: (items) => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    shuffle: (items) =>
      items
        .map((item) => ({ item, key: next() }))
        .sort((a, b) => a.key - b.key)
        .map(({ item }) => item),
  };
}
