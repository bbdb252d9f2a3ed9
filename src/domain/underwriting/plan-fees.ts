import settings from '#data/plan-fees.json' with { type: 'json' };
import { CENTS_PER_DOLLAR, formatDollars, type Cents } from '../money/cents';

// What the agency charges for a debt management plan, and how a state's law caps it (docs/decisions/0048).
// The debt analysis and the counselling are free; the plan may carry a one-off set-up fee and a monthly fee.
// The agency's fees come from src/data/plan-fees.json; each is lowered to what the borrower's state allows, as read
// from src/data/state_dmp_rules.csv. A state the file does not list, or lists without a cap, gets the caps of the
// Uniform Debt-Management Services Act (the model law most states' caps follow), so no borrower pays more than
// the model law allows.

export type PlanFeeSettings = { setupFee: Cents; monthlyFee: Cents };

/** The agency's fees before any state cap, from src/data/plan-fees.json. */
export const PLAN_FEE_SETTINGS: PlanFeeSettings = {
  setupFee: settings.setupFee,
  monthlyFee: settings.monthlyFee,
};

/** One state's caps; null where the law sets none. */
export type StateFeeCap = {
  setupFeeCap: Cents | null;
  /** The monthly fee cap whatever the number of accounts. */
  monthlyFeeCap: Cents | null;
  /** A cap per account still on the plan ('10 x number of accounts remaining'), under monthlyFeeCap. */
  monthlyFeeCapPerAccount: Cents | null;
};

/** The row of the model law in src/data/state_dmp_rules.csv. */
export const MODEL_ACT_ROW = '(UDMSA model act)';

const NO_CAP: StateFeeCap = { setupFeeCap: null, monthlyFeeCap: null, monthlyFeeCapPerAccount: null };

const hasCap = (cap: StateFeeCap): boolean =>
  cap.setupFeeCap !== null || cap.monthlyFeeCap !== null || cap.monthlyFeeCapPerAccount !== null;

/** The fields of one CSV line: commas separate them, double quotes wrap a field holding commas ("" is a quote). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

const dollarsToCents = (text: string): Cents => Math.round(Number(text) * CENTS_PER_DOLLAR);

/** '75' → 7500 cents; '' → no cap. */
function parseSetupCap(text: string): Cents | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+(\.\d+)?$/.test(t)) throw new Error(`Unreadable set-up fee cap: ${t}`);
  return dollarsToCents(t);
}

/**
 * The monthly cap as the file words it: '30 per month (...)' is a flat cap; '10 x number of accounts remaining,
 * max 50 per month' is $10 per account still on the plan, at most $50. Anything else is refused, so an edit
 * the rule does not understand fails loudly instead of leaving a state uncapped.
 */
function parseMonthlyCap(text: string): Pick<StateFeeCap, 'monthlyFeeCap' | 'monthlyFeeCapPerAccount'> {
  const t = text.trim();
  if (t === '') return { monthlyFeeCap: null, monthlyFeeCapPerAccount: null };
  const perAccount = /^(\d+(?:\.\d+)?)\s*x\s*(?:the\s+)?(?:number of\s+)?(?:accounts|creditors)\b/i.exec(t);
  if (perAccount) {
    const max = /\bmax(?:imum)?\s+(\d+(?:\.\d+)?)/i.exec(t);
    return {
      monthlyFeeCapPerAccount: dollarsToCents(perAccount[1]!),
      monthlyFeeCap: max ? dollarsToCents(max[1]!) : null,
    };
  }
  const flat = /^(\d+(?:\.\d+)?)\s*per month\b/i.exec(t);
  if (flat) return { monthlyFeeCap: dollarsToCents(flat[1]!), monthlyFeeCapPerAccount: null };
  throw new Error(`Unreadable monthly fee cap: ${t}`);
}

/**
 * src/data/state_dmp_rules.csv → caps by state code (and MODEL_ACT_ROW). Reads the columns by their header names
 * (state, setup_fee_cap_usd, monthly_fee_cap), whatever their order.
 */
export function parseStateFeeCaps(csv: string): Map<string, StateFeeCap> {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = csvFields(lines[0] ?? '');
  const column = (name: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`src/data/state_dmp_rules.csv has no ${name} column`);
    return index;
  };
  const stateColumn = column('state');
  const setupColumn = column('setup_fee_cap_usd');
  const monthlyColumn = column('monthly_fee_cap');
  const caps = new Map<string, StateFeeCap>();
  for (const line of lines.slice(1)) {
    const fields = csvFields(line);
    const state = (fields[stateColumn] ?? '').trim();
    if (state === '') continue;
    caps.set(state, {
      setupFeeCap: parseSetupCap(fields[setupColumn] ?? ''),
      ...parseMonthlyCap(fields[monthlyColumn] ?? ''),
    });
  }
  return caps;
}

/** The caps that apply in a state: its own row when it has a cap, otherwise the model law's. */
export function feeCapFor(
  state: string | null | undefined,
  caps: ReadonlyMap<string, StateFeeCap>,
): StateFeeCap {
  const own = state ? caps.get(state.trim().toUpperCase()) : undefined;
  if (own && hasCap(own)) return own;
  return caps.get(MODEL_ACT_ROW) ?? NO_CAP;
}

/** The largest monthly fee the cap allows with `accounts` accounts still on the plan; null when uncapped. */
export function monthlyFeeCap(cap: StateFeeCap, accounts: number): Cents | null {
  const perAccount = cap.monthlyFeeCapPerAccount === null ? null : cap.monthlyFeeCapPerAccount * accounts;
  if (perAccount === null) return cap.monthlyFeeCap;
  return cap.monthlyFeeCap === null ? perAccount : Math.min(perAccount, cap.monthlyFeeCap);
}

export type PlanFees = {
  setupFee: Cents;
  /** The monthly fee with `accounts` accounts on the plan (the first month's). */
  monthlyFee: Cents;
  /** True when the state's law lowered the agency's fee. */
  setupFeeCapped: boolean;
  monthlyFeeCapped: boolean;
};

/** The agency's fees, each lowered to the cap (never below zero). */
export function capPlanFees(fees: PlanFeeSettings, cap: StateFeeCap, accounts: number): PlanFees {
  const setup = Math.max(0, fees.setupFee);
  const monthly = Math.max(0, fees.monthlyFee);
  const monthlyCap = monthlyFeeCap(cap, Math.max(0, accounts));
  const setupFee = cap.setupFeeCap === null ? setup : Math.min(setup, cap.setupFeeCap);
  const monthlyFee = monthlyCap === null ? monthly : Math.min(monthly, monthlyCap);
  return {
    setupFee,
    monthlyFee,
    setupFeeCapped: setupFee < setup,
    monthlyFeeCapped: monthlyFee < monthly,
  };
}

/**
 * The plan's monthly fee spread over its accounts, one share per offer (each offer's `fee`), in the order given
 * (largest balance first): equal shares in cents, the cents left over going one each to the first accounts.
 * The shares add up to the fee exactly, so the offers' fees always give back the plan's monthly fee; and a
 * state's cap per account ('$10 x accounts') is a cap on each share.
 */
export function monthlyFeeShares(monthlyFee: Cents, accounts: number): Cents[] {
  if (accounts <= 0) return [];
  const fee = Math.max(0, Math.round(monthlyFee));
  const share = Math.floor(fee / accounts);
  const leftOver = fee - share * accounts;
  return Array.from({ length: accounts }, (_, k) => share + (k < leftOver ? 1 : 0));
}

// ------------------------------------------------------------------ what the pages say about fees

/** What costs nothing, on every page that speaks of fees. */
export const FREE_SERVICES_TEXT = 'Your debt analysis and credit counseling are free.';

/**
 * What the plan may cost, from the agency's fees: the landing pages and the offers page say the same thing.
 * '$35 set-up fee and $25 a month'; 'no fees' when both are zero.
 */
export function planFeeSummary(fees: PlanFeeSettings = PLAN_FEE_SETTINGS): string {
  const parts = [
    fees.setupFee > 0 ? `a set-up fee of up to ${formatDollars(fees.setupFee)}` : null,
    fees.monthlyFee > 0 ? `a monthly fee of up to ${formatDollars(fees.monthlyFee)}` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return 'A debt management plan carries no fees.';
  return `A debt management plan may carry ${parts.join(' and ')}, never more than your state's law allows.`;
}
