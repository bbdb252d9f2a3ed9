import { defineMessages } from '@formatjs/intl';

// What a borrower reads for each bureau account type code, by the code: the server sends a debt's code (its key
// here, accountTypeKey) and the page words it in its language. The English of these messages is the plain words
// the server writes too (accountTypePlainWords), so there is one wording.

export const ACCOUNT_TYPE_MESSAGES = defineMessages({
  AF: { id: 'debts.accountType.AF', defaultMessage: 'Appliance or furniture' },
  AG: { id: 'debts.accountType.AG', defaultMessage: 'Collection agency' },
  AL: { id: 'debts.accountType.AL', defaultMessage: 'Auto lease' },
  AU: { id: 'debts.accountType.AU', defaultMessage: 'Auto loan' },
  AX: { id: 'debts.accountType.AX', defaultMessage: 'Agricultural loan' },
  BC: { id: 'debts.accountType.BC', defaultMessage: 'Business credit card' },
  BL: { id: 'debts.accountType.BL', defaultMessage: 'Business line of credit' },
  BU: { id: 'debts.accountType.BU', defaultMessage: 'Business loan' },
  CB: { id: 'debts.accountType.CB', defaultMessage: 'Combined credit plan' },
  CC: { id: 'debts.accountType.CC', defaultMessage: 'Credit card' },
  CE: { id: 'debts.accountType.CE', defaultMessage: 'Commercial line of credit' },
  CH: { id: 'debts.accountType.CH', defaultMessage: 'Charge account' },
  CI: { id: 'debts.accountType.CI', defaultMessage: 'Commercial installment loan' },
  CO: { id: 'debts.accountType.CO', defaultMessage: 'Debt consolidation' },
  CP: { id: 'debts.accountType.CP', defaultMessage: 'Child support' },
  CR: { id: 'debts.accountType.CR', defaultMessage: 'Conditional sales contract' },
  CU: { id: 'debts.accountType.CU', defaultMessage: 'Phone or mobile account' },
  CV: { id: 'debts.accountType.CV', defaultMessage: 'Conventional real estate mortgage' },
  CY: { id: 'debts.accountType.CY', defaultMessage: 'Commercial mortgage' },
  DC: { id: 'debts.accountType.DC', defaultMessage: 'Debit card' },
  DR: { id: 'debts.accountType.DR', defaultMessage: 'Overdraft on a bank account' },
  DS: { id: 'debts.accountType.DS', defaultMessage: 'Debt counseling service' },
  FC: { id: 'debts.accountType.FC', defaultMessage: 'Factoring company account' },
  FE: { id: 'debts.accountType.FE', defaultMessage: "Attorney's fees" },
  FI: { id: 'debts.accountType.FI', defaultMessage: 'FHA home improvement loan' },
  FL: { id: 'debts.accountType.FL', defaultMessage: 'FmHA real estate mortgage' },
  FM: { id: 'debts.accountType.FM', defaultMessage: 'Family support' },
  FR: { id: 'debts.accountType.FR', defaultMessage: 'FHA real estate mortgage' },
  FX: { id: 'debts.accountType.FX', defaultMessage: 'Flexible spending credit card' },
  GA: { id: 'debts.accountType.GA', defaultMessage: 'Government employee advance' },
  GE: { id: 'debts.accountType.GE', defaultMessage: 'Government fee for services' },
  GF: { id: 'debts.accountType.GF', defaultMessage: 'Government fine' },
  GG: { id: 'debts.accountType.GG', defaultMessage: 'Government grant' },
  GO: { id: 'debts.accountType.GO', defaultMessage: 'Government overpayment' },
  GS: { id: 'debts.accountType.GS', defaultMessage: 'Government secured loan' },
  GU: { id: 'debts.accountType.GU', defaultMessage: 'Government unsecured loan' },
  GV: { id: 'debts.accountType.GV', defaultMessage: 'Government debt' },
  HE: { id: 'debts.accountType.HE', defaultMessage: 'Home equity loan' },
  HG: { id: 'debts.accountType.HG', defaultMessage: 'Household goods' },
  HI: { id: 'debts.accountType.HI', defaultMessage: 'Home improvement loan' },
  HX: { id: 'debts.accountType.HX', defaultMessage: 'Home equity line of credit' },
  IS: { id: 'debts.accountType.IS', defaultMessage: 'Installment sales contract' },
  LC: { id: 'debts.accountType.LC', defaultMessage: 'Line of credit' },
  LE: { id: 'debts.accountType.LE', defaultMessage: 'Lease' },
  LI: { id: 'debts.accountType.LI', defaultMessage: 'Lender-placed insurance' },
  LN: { id: 'debts.accountType.LN', defaultMessage: 'Construction loan' },
  LS: { id: 'debts.accountType.LS', defaultMessage: 'Secured credit line' },
  MB: { id: 'debts.accountType.MB', defaultMessage: 'Manufactured housing' },
  MD: { id: 'debts.accountType.MD', defaultMessage: 'Medical debt' },
  MH: { id: 'debts.accountType.MH', defaultMessage: 'Medical or health care' },
  NT: { id: 'debts.accountType.NT', defaultMessage: 'Note loan' },
  PS: { id: 'debts.accountType.PS', defaultMessage: 'Partially secured loan' },
  RA: { id: 'debts.accountType.RA', defaultMessage: 'Rental agreement' },
  RC: { id: 'debts.accountType.RC', defaultMessage: 'Returned check' },
  RD: { id: 'debts.accountType.RD', defaultMessage: 'Recreational merchandise' },
  RE: { id: 'debts.accountType.RE', defaultMessage: 'Real estate' },
  RL: { id: 'debts.accountType.RL', defaultMessage: 'Real estate junior lien' },
  RM: { id: 'debts.accountType.RM', defaultMessage: 'Real estate mortgage' },
  SC: { id: 'debts.accountType.SC', defaultMessage: 'Secured credit card' },
  SE: { id: 'debts.accountType.SE', defaultMessage: 'Secured loan' },
  SH: { id: 'debts.accountType.SH', defaultMessage: 'Secured by household goods' },
  SI: { id: 'debts.accountType.SI', defaultMessage: 'Secured home improvement loan' },
  SM: { id: 'debts.accountType.SM', defaultMessage: 'Second mortgage' },
  SO: { id: 'debts.accountType.SO', defaultMessage: 'Secured by household goods and collateral' },
  ST: { id: 'debts.accountType.ST', defaultMessage: 'Student loan' },
  SU: { id: 'debts.accountType.SU', defaultMessage: 'Spousal support' },
  TS: { id: 'debts.accountType.TS', defaultMessage: 'Time share loan' },
  UC: { id: 'debts.accountType.UC', defaultMessage: 'Utility company' },
  UK: { id: 'debts.accountType.UK', defaultMessage: 'Other account' },
  US: { id: 'debts.accountType.US', defaultMessage: 'Unsecured loan' },
  VM: { id: 'debts.accountType.VM', defaultMessage: 'VA real estate mortgage' },
});

/** An account type code with a message of its own: the bureau's codes we know. */
export type AccountTypeKey = keyof typeof ACCOUNT_TYPE_MESSAGES;

export const ACCOUNT_TYPE_KEYS = Object.keys(ACCOUNT_TYPE_MESSAGES) as [AccountTypeKey, ...AccountTypeKey[]];

const isAccountTypeKey = (code: string): code is AccountTypeKey => Object.hasOwn(ACCOUNT_TYPE_MESSAGES, code);

/**
 * The key of a bureau code's message: the code itself, trimmed and in capitals; 'UK' (other account) for a code
 * we do not know, since a code means nothing to a borrower; null for no code.
 */
export function accountTypeKey(code: string | null): AccountTypeKey | null {
  if (code === null || code.trim() === '') return null;
  const key = code.trim().toUpperCase();
  return isAccountTypeKey(key) ? key : 'UK';
}
