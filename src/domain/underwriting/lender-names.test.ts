import { describe, expect, it } from 'vitest';
import { lenderFriendlyName } from './lender-names';

describe('lenderFriendlyName', () => {
  it.each([
    ['CAPITAL ONE BANK USA NA', 'Capital One'],
    ['CAP ONE', 'Capital One'],
    ['JPMCB CARD', 'Chase'],
    ['CHASE CARD SERVICES', 'Chase'],
    ['SYNCB/AMAZON', 'Synchrony (Amazon)'],
    ['SYNCB/PPC', 'Synchrony (PayPal Credit)'],
    ['SYNCB/LOWES', "Synchrony (Lowe's)"],
    ['SYNCB/SOME STORE', 'Synchrony (Some Store)'],
    ['CB/VICTORIA', "Comenity (Victoria's Secret)"],
    ['THD/CBNA', 'Citi (The Home Depot)'],
    ['CITIBANK NA', 'Citi'],
    ['DISCOVER BANK', 'Discover'],
    ['AMEX', 'American Express'],
    ['AMERICAN EXPRESS NATIONAL BANK', 'American Express'],
    ['BK OF AMER', 'Bank of America'],
    ['WELLS FARGO BANK NA', 'Wells Fargo'],
    ['U.S. BANK', 'U.S. Bank'],
    ['BARCLAYS BANK DELAWARE', 'Barclays'],
    ['CREDIT ONE BANK NA', 'Credit One Bank'],
    ['NAVY FCU', 'Navy Federal Credit Union'],
    // Whole words only: a bank named Citizens is not Citi.
    ['CITIZENS BANK NA', 'Citizens Bank NA'],
    ['FIRST NATIONAL BANK OF OMAHA', 'First National Bank of Omaha'],
    ['MIDLAND CREDIT MGMT', 'Midland Credit Mgmt'],
    ['  ', ''],
  ])('%j → %j', (raw, expected) => {
    expect(lenderFriendlyName(raw)).toBe(expected);
  });
});
