import type { ApplicationStatus } from '#domain/flow/statuses';
import type { HardshipsInput, HouseholdInput } from '#domain/validation/application';
import type { LeadInput } from '#domain/validation/account';
import { SANDBOX_CREDIT_PERSONAS } from '#providers/credit-bureau/sandbox';
import { MONITORED_STATUSES } from '#server/features/monitoring/run-monitors';
import {
  address,
  ageOf,
  fictionalPhone,
  person,
  type SeedAddress,
  type SeedPerson,
  TOWNS,
  type Town,
  UNLICENSED_TOWN,
} from './people';
import { createRng } from './random';

// What each seeded application will be: its people, its answers and the status it is driven to. Pure and
// deterministic: application `index` of seed `seed` is always the same, whatever the number asked for.

/** Where an application still in progress stops: the page its borrower stands on. */
export const IN_PROGRESS_PAGES = [
  'Hardships',
  'Household',
  'Credit',
  'EligibleDebts',
  'ProvideMonthlyIncome',
  'ConfirmIncome',
  'Expenses',
  'Budget',
] as const;
export type InProgressPage = (typeof IN_PROGRESS_PAGES)[number];

/** How a seeded application ends up disqualified (each through the step that records it in the live flow). */
export const DISQUALIFIED_OUTCOMES = [
  'notLicensedInState',
  'noCreditFile',
  'creditBureauUnreachable',
  'notEnoughEligible',
  'cashflowTooHigh',
  'insufficientIncome',
  'qualityControlFailed',
  'allOffersDeclined',
] as const;
export type DisqualifiedOutcome = (typeof DISQUALIFIED_OUTCOMES)[number];

export type QualifiedStatus = Exclude<ApplicationStatus, 'inProgress' | 'disqualified'>;

export type SeedTarget =
  | { status: 'inProgress'; page: InProgressPage }
  | { status: QualifiedStatus; viaBudget: boolean }
  | { status: 'disqualified'; outcome: DisqualifiedOutcome; viaBudget: boolean };

/**
 * One block of consecutive applications: every status appears in each block, with more of the statuses
 * counsellors work on. Each block is shuffled by the seed.
 */
export const STATUS_CYCLE: readonly ApplicationStatus[] = [
  'inProgress',
  'inProgress',
  'acceptOffer',
  'confirmPaymentAccount',
  'signContract',
  'counselorReview',
  'creditorReview',
  'creditorReview',
  'transfer',
  'transferred',
  'disqualified',
  'disqualified',
];

const PAGE_WEIGHTS: readonly (readonly [InProgressPage, number])[] = [
  ['Hardships', 3],
  ['Household', 3],
  ['Credit', 2],
  ['EligibleDebts', 2],
  ['ProvideMonthlyIncome', 2],
  ['ConfirmIncome', 1],
  ['Expenses', 2],
  ['Budget', 2],
];

const OUTCOME_WEIGHTS: readonly (readonly [DisqualifiedOutcome, number])[] = [
  ['notLicensedInState', 1],
  ['noCreditFile', 1],
  ['creditBureauUnreachable', 1],
  ['notEnoughEligible', 1],
  ['cashflowTooHigh', 2],
  ['insufficientIncome', 2],
  ['qualityControlFailed', 1],
  ['allOffersDeclined', 1],
];

/** Share of qualified borrowers whose plan needed a proposed budget first. */
const VIA_BUDGET_SHARE = 0.4;
const SPOUSE_SHARE = 0.3;
const SPOUSE_SAME_ADDRESS_SHARE = 0.8;
const HOMEOWNER_SHARE = 0.35;
const OPTED_OUT_OF_SMS_SHARE = 0.05;
const UTM_SHARE = 0.6;
/** Monthly housing cost in whole dollars: renters, then homeowners. */
const RENT_DOLLARS = { min: 650, max: 2200 } as const;
const MORTGAGE_DOLLARS = { min: 900, max: 3200 } as const;
const DOLLAR = 100;

const UTM_SOURCES = [
  ['google', 'cpc', 'debt-relief-search'],
  ['facebook', 'paid-social', 'fresh-start'],
  ['newsletter', 'email', 'spring-budget'],
  ['partner-credit-union', 'referral', 'member-benefits'],
] as const;

/** Random streams of one application: each phase draws from its own, so phases never shift each other. */
export const STREAM = { plan: 1, income: 2, steps: 3, staff: 4, time: 5 } as const;

export type SeedPlan = {
  index: number;
  target: SeedTarget;
  lead: LeadInput;
  utm: Partial<Record<'utmCampaign' | 'utmMedium' | 'utmSource', string>>;
  isOptedOutOfSMS: boolean;
  /** 'es' for about one borrower in eight (SPANISH_SHARE_OF_8); null (English, never chosen) for the rest. */
  preferredLanguage: 'es' | null;
  hardships: HardshipsInput;
  household: HouseholdInput;
  /** The sandbox persona the credit bureau answers with, for the credit failures. */
  creditPersona: 'noFile' | 'bureauError' | null;
  /** For an application the monitors watch: whose bank or credit file it is (monitoringPersonaOf). */
  monitoringPersona: MonitoringPersona | null;
};

/** The block of STATUS_CYCLE application `index` belongs to, shuffled by the seed, and its place in it. */
function blockOf(seed: number, index: number) {
  const block = Math.floor(index / STATUS_CYCLE.length);
  return {
    block,
    statuses: createRng(seed, 0, block).shuffle(STATUS_CYCLE),
    position: index % STATUS_CYCLE.length,
  };
}

/** The status of application `index`: a block of STATUS_CYCLE, shuffled by the seed. */
export function statusOf(seed: number, index: number): ApplicationStatus {
  const { statuses, position } = blockOf(seed, index);
  return statuses[position]!;
}

/**
 * Who the monitored customers are, in turn: the sandbox bank users whose events raise alerts (an overdraft
 * and a balance too low for the next payment; a smaller paycheck and so a lower debt score; an
 * insufficient-funds fee; a lost connection), the credit file that brings a new inquiry before every pull,
 * and two with nothing to report (gig income, steady pay). A demo's alert list then shows every type. In
 * this order the first block's customer in counsellor review (the one the portal journey works) keeps a
 * surname from the seed's lists: the new-inquiry file is known by its own (planApplication).
 */
export const MONITORING_PERSONAS = [
  'overdraft',
  'shrinkingPay',
  'nsf',
  'disconnect',
  'gig',
  'newInquiry',
  'good',
] as const;
export type MonitoringPersona = (typeof MONITORING_PERSONAS)[number];

/**
 * The order the monitored statuses of a block take their personas in: the enrolled ones first, as only they
 * have a plan's payment date for a low balance to come before (the overdraft persona, first of the list, then
 * lands on an enrolled customer in the first blocks).
 */
const PERSONA_STATUS_ORDER: readonly ApplicationStatus[] = [
  'transferred',
  'transfer',
  'creditorReview',
  'counselorReview',
  'signContract',
];

/**
 * The monitoring persona of application `index`, or null when its status is not one the monitors watch: the
 * personas are handed out in turn over the monitored applications, block after block (within a block by
 * PERSONA_STATUS_ORDER, then by place), so any seed with as many monitored customers as there are personas has
 * each one. Counted within the application's own block, so the millionth costs what the first does.
 */
export function monitoringPersonaOf(seed: number, index: number): MonitoringPersona | null {
  const { block, statuses, position } = blockOf(seed, index);
  const order = (status: ApplicationStatus) => PERSONA_STATUS_ORDER.indexOf(status);
  const status = statuses[position]!;
  if (!MONITORED_STATUSES.includes(status)) return null;
  const monitored = statuses.filter((s) => MONITORED_STATUSES.includes(s)).length;
  const rank = statuses.filter(
    (s, k) =>
      MONITORED_STATUSES.includes(s) &&
      (order(s) < order(status) || (order(s) === order(status) && k < position)),
  ).length;
  return MONITORING_PERSONAS[(block * monitored + rank) % MONITORING_PERSONAS.length]!;
}

/**
 * How people write their address from their names, as seen in real mailboxes: the seed spreads its borrowers
 * over these so that a search by part of an address is as selective as it would be at an agency (when every
 * address shared a long common part, a search for one matched them all).
 */
const EMAIL_STYLES: ((first: string, last: string) => string)[] = [
  (f, l) => `${f}.${l}`,
  (f, l) => `${f[0]}${l}`,
  (f, l) => `${f}${l[0]}`,
  (f, l) => `${f}_${l}`,
  (f, l) => `${f}${l}`,
  (f, l) => `${l}.${f[0]}`,
];
const emailDomain = (seed: number) => `s${seed}.seed.example.com`;
const lettersOf = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '') || 'x';

/**
 * A borrower's email: a style of their names (chosen by the index, mixed so neighbours differ), then the index,
 * at the seed's own domain. The index keeps each address unique and lets a second run of a seed add new people.
 */
export function seedEmail(
  seed: number,
  index: number,
  p: Pick<SeedPerson, 'firstName' | 'lastName'>,
): string {
  const style = EMAIL_STYLES[(Math.imul(index + 1, 2654435761) >>> 0) % EMAIL_STYLES.length]!;
  return `${style(lettersOf(p.firstName), lettersOf(p.lastName))}${index}@${emailDomain(seed)}`;
}

/** The index a seeded borrower's email carries (seedEmail), or null for any other address. */
export function seedEmailIndex(email: string): number | null {
  const match = /^[a-z._]+(\d+)@s\d+\.seed\.example\.com$/.exec(email);
  return match ? Number(match[1]) : null;
}

/** Matches every borrower email of a seed (SQL LIKE), to continue its numbering. */
export const seedEmailPattern = (seed: number) => `%@${emailDomain(seed)}`;

/** Borrowers who prefer Spanish, out of 8: a minority, as at a US agency, enough to fill a filtered queue. */
export const SPANISH_SHARE_OF_8 = 1;

/**
 * Whether application `index` is a Spanish speaker's: a hash of the seed and the index, not a draw from the
 * plan's random stream, so adding it moved none of the other draws (every seeded person stays who they were).
 */
export function preferredLanguageOf(seed: number, index: number): 'es' | null {
  const hash = Math.imul((index + 1) ^ Math.imul(seed, 0x85ebca6b), 0x9e3779b1) >>> 0;
  return Math.imul(hash ^ (hash >>> 15), 0xc2b2ae35) >>> 29 < SPANISH_SHARE_OF_8 ? 'es' : null;
}

export function planApplication(seed: number, index: number, today: Date): SeedPlan {
  const rng = createRng(seed, index, STREAM.plan);
  const status = statusOf(seed, index);
  const viaBudget = rng.chance(VIA_BUDGET_SHARE);
  const target: SeedTarget =
    status === 'inProgress'
      ? { status, page: rng.weighted(PAGE_WEIGHTS) }
      : status === 'disqualified'
        ? { status, outcome: rng.weighted(OUTCOME_WEIGHTS), viaBudget }
        : { status, viaBudget };
  const outcome = target.status === 'disqualified' ? target.outcome : null;

  const town: Town = outcome === 'notLicensedInState' ? UNLICENSED_TOWN : rng.pick(TOWNS);
  const monitoringPersona = monitoringPersonaOf(seed, index);
  const drawn = person(rng, today, { town });
  // The bureau knows the new-inquiry file by its last name alone: the seed's own pull and every later one
  // (npm run monitor, the daily jobs) then read the same person's file, and each monthly pull brings news.
  const borrower =
    monitoringPersona === 'newInquiry' ? { ...drawn, lastName: SANDBOX_CREDIT_PERSONAS.newInquiry } : drawn;
  const home = address(rng, town);
  // A credit failure is only final when nobody's file could be read: those apply alone.
  const creditPersona =
    outcome === 'noCreditFile' ? 'noFile' : outcome === 'creditBureauUnreachable' ? 'bureauError' : null;
  const hasSpouse = creditPersona === null && rng.chance(SPOUSE_SHARE);
  const isHomeowner = rng.chance(HOMEOWNER_SHARE);
  const hasDependents = rng.chance(0.45);
  const housing = isHomeowner ? MORTGAGE_DOLLARS : RENT_DOLLARS;

  const utmSource = rng.chance(UTM_SHARE) ? rng.pick(UTM_SOURCES) : null;
  const hardships = pickHardships(rng);
  return {
    index,
    target,
    lead: {
      firstName: borrower.firstName,
      lastName: borrower.lastName,
      email: seedEmail(seed, index, borrower),
      phoneNumber: borrower.phoneNumber,
      agreedToTerms: true,
    },
    utm: utmSource ? { utmSource: utmSource[0], utmMedium: utmSource[1], utmCampaign: utmSource[2] } : {},
    isOptedOutOfSMS: rng.chance(OPTED_OUT_OF_SMS_SHARE),
    preferredLanguage: preferredLanguageOf(seed, index),
    hardships,
    household: {
      hasDependents,
      numberOfDependentsInHousehold: hasDependents ? rng.int(1, 4) : null,
      isHomeowner,
      hasMortgageEscrow: isHomeowner ? rng.chance(0.7) : null,
      monthlyRentOrMortgageAmount: rng.int(housing.min, housing.max) * DOLLAR,
      isCarOwner: rng.chance(0.75),
      borrower: { ...borrower, ...home },
      hasSpouse,
      spouse: hasSpouse ? spouseOf(rng, today, { borrower, home, town }) : null,
    },
    creditPersona,
    monitoringPersona,
  };
}

function pickHardships(rng: ReturnType<typeof createRng>): HardshipsInput {
  const hardships: HardshipsInput = {
    hasHousingIssues: rng.chance(0.2),
    hasIncreasedMedicalExpenses: rng.chance(0.3),
    hasReductionInIncome: rng.chance(0.5),
    isUnemployed: rng.chance(0.15),
    other: rng.chance(0.1),
  };
  // The page requires at least one.
  if (!Object.values(hardships).some(Boolean)) hardships.hasReductionInIncome = true;
  return hardships;
}

function spouseOf(
  rng: ReturnType<typeof createRng>,
  today: Date,
  o: { borrower: SeedPerson; home: SeedAddress; town: Town },
): NonNullable<HouseholdInput['spouse']> {
  const sameLastName = rng.chance(0.75);
  const s = person(rng, today, {
    town: o.town,
    aroundAge: ageOf(o.borrower.dateOfBirth, today),
    ...(sameLastName ? { lastName: o.borrower.lastName } : {}),
  });
  const sameAddress = rng.chance(SPOUSE_SAME_ADDRESS_SHARE);
  const own = sameAddress ? null : address(rng, rng.pick(TOWNS));
  return {
    firstName: s.firstName,
    lastName: s.lastName,
    email: rng.chance(0.6)
      ? `${s.firstName.toLowerCase()}.${s.lastName.toLowerCase().replace(/[^a-z]/g, '')}@example.com`
      : null,
    phoneNumber: rng.chance(0.7) ? fictionalPhone(rng, o.town.areaCode) : null,
    dateOfBirth: s.dateOfBirth,
    hasSameAddressAsBorrower: sameAddress,
    ...(own ?? {}),
  };
}
