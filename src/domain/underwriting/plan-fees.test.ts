import { describe, expect, it } from 'vitest';
import {
  capPlanFees,
  csvFields,
  feeCapFor,
  MODEL_ACT_ROW,
  monthlyFeeCap,
  monthlyFeeShares,
  parseStateFeeCaps,
  PLAN_FEE_SETTINGS,
  type PlanFeeSettings,
} from './plan-fees';

// The columns and wording of src/data/state_dmp_rules.csv, trimmed to what the rule reads.
const CSV = [
  'state,license_or_registration_required,setup_fee_cap_usd,monthly_fee_cap,other_fee_caps,citation,source',
  'MS,yes,75,"30 per month (maintenance, after free initial counseling)",x,Miss. Code,https://a',
  'ME,yes,75,40 per month (provider distributing monthly payments),x,M.R.S.,https://b',
  'UT,yes,50,"10 x number of accounts remaining, max 50 per month (interest-reduction plans)",x,Utah,http://c',
  'RI,yes,50,"10 x number of creditors remaining, max 50 per month",x,R.I.,http://d',
  'TN,yes,,,"application fee 2000",TN,http://e',
  '(UDMSA model act),registration,50,"10 x creditors remaining, max 50 per month",x,"UDMSA § 23",http://f',
].join('\n');
const CAPS = parseStateFeeCaps(CSV);

describe('parseStateFeeCaps', () => {
  it('reads quoted fields with commas', () => {
    expect(csvFields('a,"b, c",,"say ""hi"""')).toEqual(['a', 'b, c', '', 'say "hi"']);
  });

  it.each([
    ['MS', { setupFeeCap: 7500, monthlyFeeCap: 3000, monthlyFeeCapPerAccount: null }],
    ['ME', { setupFeeCap: 7500, monthlyFeeCap: 4000, monthlyFeeCapPerAccount: null }],
    ['UT', { setupFeeCap: 5000, monthlyFeeCap: 5000, monthlyFeeCapPerAccount: 1000 }],
    ['RI', { setupFeeCap: 5000, monthlyFeeCap: 5000, monthlyFeeCapPerAccount: 1000 }],
    ['TN', { setupFeeCap: null, monthlyFeeCap: null, monthlyFeeCapPerAccount: null }],
    [MODEL_ACT_ROW, { setupFeeCap: 5000, monthlyFeeCap: 5000, monthlyFeeCapPerAccount: 1000 }],
  ])('%s', (state, cap) => {
    expect(CAPS.get(state)).toEqual(cap);
  });

  it('refuses a cap it cannot read rather than leaving the state uncapped', () => {
    const header = 'state,setup_fee_cap_usd,monthly_fee_cap';
    expect(() => parseStateFeeCaps(`${header}\nXX,about 50,`)).toThrow(/set-up fee cap/);
    expect(() => parseStateFeeCaps(`${header}\nXX,50,a reasonable fee`)).toThrow(/monthly fee cap/);
    expect(() => parseStateFeeCaps('state,monthly_fee_cap\nXX,')).toThrow(/setup_fee_cap_usd/);
  });
});

describe('feeCapFor', () => {
  it.each([
    ['MS', 'MS'],
    ['ms ', 'MS'],
    // Listed without a cap, not listed, or unknown: the model law's caps.
    ['TN', MODEL_ACT_ROW],
    ['CO', MODEL_ACT_ROW],
    [null, MODEL_ACT_ROW],
  ])('%j → the %s row', (state, row) => {
    expect(feeCapFor(state, CAPS)).toEqual(CAPS.get(row));
  });

  it('without a model-law row, an unlisted state is uncapped', () => {
    const caps = parseStateFeeCaps('state,setup_fee_cap_usd,monthly_fee_cap\nMS,75,30 per month');
    expect(feeCapFor('CO', caps)).toEqual({
      setupFeeCap: null,
      monthlyFeeCap: null,
      monthlyFeeCapPerAccount: null,
    });
  });
});

describe('monthlyFeeCap', () => {
  const utah = CAPS.get('UT')!;
  it.each([
    [0, 0],
    [1, 1000],
    [3, 3000],
    [5, 5000],
    [9, 5000],
  ])('Utah with %i accounts remaining: %i cents', (accounts, cap) => {
    expect(monthlyFeeCap(utah, accounts)).toBe(cap);
  });
  it('a flat cap ignores the accounts; no cap is null', () => {
    expect(monthlyFeeCap(CAPS.get('MS')!, 9)).toBe(3000);
    expect(monthlyFeeCap(CAPS.get('TN')!, 9)).toBeNull();
  });
});

describe('capPlanFees', () => {
  const agency = (setupFee: number, monthlyFee: number): PlanFeeSettings => ({ setupFee, monthlyFee });
  it.each([
    // state, the agency's fees, accounts → set-up fee, monthly fee
    ['MS', agency(3500, 2500), 6, 3500, 2500],
    ['MS', agency(10000, 6000), 6, 7500, 3000],
    ['ME', agency(10000, 6000), 6, 7500, 4000],
    ['UT', agency(3500, 2500), 2, 3500, 2000],
    ['UT', agency(3500, 2500), 6, 3500, 2500],
    ['UT', agency(10000, 6000), 3, 5000, 3000],
    ['CO', agency(10000, 6000), 7, 5000, 5000],
    ['CO', agency(0, 0), 4, 0, 0],
    ['MS', agency(-100, -1), 4, 0, 0],
  ])('%s, %j, %i accounts → %i set-up, %i a month', (state, fees, accounts, setupFee, monthlyFee) => {
    const capped = capPlanFees(fees, feeCapFor(state, CAPS), accounts);
    expect(capped.setupFee).toBe(setupFee);
    expect(capped.monthlyFee).toBe(monthlyFee);
    expect(capped.setupFeeCapped).toBe(setupFee < Math.max(0, fees.setupFee));
    expect(capped.monthlyFeeCapped).toBe(monthlyFee < Math.max(0, fees.monthlyFee));
  });

  it('the shipped fees are whole dollars within the model law', () => {
    const { setupFee, monthlyFee } = PLAN_FEE_SETTINGS;
    expect(setupFee % 100).toBe(0);
    expect(monthlyFee % 100).toBe(0);
    expect(setupFee).toBeLessThanOrEqual(5000);
    expect(monthlyFee).toBeLessThanOrEqual(5000);
  });
});

describe('monthlyFeeShares', () => {
  it.each([
    [2500, 1, [2500]],
    [2500, 2, [1250, 1250]],
    [2500, 3, [834, 833, 833]],
    [2500, 7, [358, 357, 357, 357, 357, 357, 357]],
    [1, 3, [1, 0, 0]],
    [0, 2, [0, 0]],
    [-100, 2, [0, 0]],
    [2500, 0, []],
  ])('%i cents over %i accounts: %j', (fee, accounts, shares) => {
    const result = monthlyFeeShares(fee, accounts);
    expect(result).toEqual(shares);
    expect(result.reduce((a, b) => a + b, 0)).toBe(accounts > 0 ? Math.max(0, fee) : 0);
  });
});
