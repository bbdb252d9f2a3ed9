// Friendly creditor names for what bureaus report ('CAPITAL ONE BANK USA NA' → 'Capital One'). Bureau names
// are abbreviated and truncated, so issuers are matched by the words they use; the rest is title-cased.

type Issuer = { name: string; words: readonly string[] };

/** Word sequences that identify an issuer, matched on whole words after punctuation becomes spaces. */
const ISSUERS: readonly Issuer[] = [
  { name: 'American Express', words: ['AMERICAN EXPRESS', 'AMEX'] },
  { name: 'Bank of America', words: ['BANK OF AMERICA', 'BK OF AMER', 'BANKAMERICA', 'BOFA'] },
  { name: 'Capital One', words: ['CAPITAL ONE', 'CAP ONE', 'CAPONE'] },
  { name: 'Chase', words: ['JPMCB', 'CHASE', 'JPMORGAN'] },
  { name: 'Discover', words: ['DISCOVER', 'DISCOVERCARD', 'DFS'] },
  { name: 'Citi', words: ['CITIBANK', 'CITICARDS', 'CITI'] },
  { name: 'Wells Fargo', words: ['WELLS FARGO', 'WFBNA', 'WFFNB', 'WF CRD SVC'] },
  { name: 'U.S. Bank', words: ['US BANK', 'U S BANK', 'USBANK', 'US BK'] },
  { name: 'Barclays', words: ['BARCLAYS', 'BARCLAYCARD'] },
  { name: 'HSBC', words: ['HSBC'] },
  { name: 'Credit One Bank', words: ['CREDIT ONE'] },
  { name: 'Goldman Sachs', words: ['GOLDMAN SACHS', 'GS BANK'] },
  { name: 'Navy Federal Credit Union', words: ['NAVY FCU', 'NAVY FEDERAL', 'NAVY FED'] },
  { name: 'PNC Bank', words: ['PNC'] },
  { name: 'TD Bank', words: ['TD BANK'] },
  { name: 'Merrick Bank', words: ['MERRICK'] },
  { name: 'Mission Lane', words: ['MISSION LANE'] },
  { name: 'OneMain Financial', words: ['ONEMAIN', 'ONE MAIN'] },
  { name: 'LendingClub', words: ['LENDINGCLUB', 'LENDING CLUB'] },
  { name: 'SoFi', words: ['SOFI'] },
  { name: 'Upstart', words: ['UPSTART'] },
  { name: 'Avant', words: ['AVANT'] },
  { name: 'Best Egg', words: ['BEST EGG'] },
  { name: 'Prosper', words: ['PROSPER'] },
];

/** Store-card programs, reported as 'SYNCB/AMAZON', 'CB/VICTORIA', 'THD/CBNA'. */
const PROGRAMS: Readonly<Record<string, string>> = {
  AMAZON: 'Amazon',
  AMZN: 'Amazon',
  PPC: 'PayPal Credit',
  PAYPAL: 'PayPal',
  LOWES: "Lowe's",
  CARECREDIT: 'CareCredit',
  'CARE CREDIT': 'CareCredit',
  JCP: 'JCPenney',
  WALMART: 'Walmart',
  TJX: 'TJX',
  'OLD NAVY': 'Old Navy',
  GAP: 'Gap',
  TOYSRUS: 'Toys R Us',
  SAMS: "Sam's Club",
  'SAMS CLUB': "Sam's Club",
  THD: 'The Home Depot',
  BESTBUY: 'Best Buy',
  'BEST BUY': 'Best Buy',
  VICTORIA: "Victoria's Secret",
  VICSCRT: "Victoria's Secret",
  MACYS: "Macy's",
};

/** Banks that report store cards as 'BANK/PROGRAM' or 'PROGRAM/BANK'. */
const PROGRAM_BANKS: Readonly<Record<string, string>> = {
  SYNCB: 'Synchrony',
  SYNCHRONY: 'Synchrony',
  CB: 'Comenity',
  COMENITY: 'Comenity',
  CBNA: 'Citi',
  TDRCS: 'TD Retail Card Services',
};

/** Words kept upper case when title-casing; small words kept lower case. */
const ACRONYMS = new Set(['USA', 'NA', 'FCU', 'FSB', 'CU', 'LLC', 'II', 'III', 'HSBC', 'TD', 'PNC', 'BMO']);
const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'at', 'by']);

/** Upper case, punctuation as spaces, padded with a space each side so ` WORD ` matches whole words. */
export const normalizeCreditorName = (s: string): string =>
  ` ${s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()} `;

const containsWords = (normalized: string, words: string): boolean => normalized.includes(` ${words} `);

function titleCase(raw: string): string {
  return raw
    .trim()
    .split(/\s+/)
    .map((word, i) => {
      const upper = word.toUpperCase();
      if (ACRONYMS.has(upper.replace(/[^A-Z]/g, ''))) return upper;
      const lower = word.toLowerCase();
      if (i > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.replace(/(^|[-/'(&.])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
    })
    .join(' ');
}

function programName(part: string): string {
  const key = normalizeCreditorName(part).trim();
  return PROGRAMS[key] ?? titleCase(part);
}

/** The name a borrower recognizes for the creditor a bureau reports. */
export function lenderFriendlyName(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return trimmed;

  // 'SYNCB/AMAZON' → 'Synchrony (Amazon)'; 'THD/CBNA' → 'Citi (The Home Depot)'.
  const slash = trimmed.split('/');
  if (slash.length === 2) {
    const [left = '', right = ''] = slash.map((p) => normalizeCreditorName(p).trim());
    const leftBank = PROGRAM_BANKS[left];
    const rightBank = PROGRAM_BANKS[right];
    if (leftBank !== undefined && right !== '') return `${leftBank} (${programName(slash[1] ?? '')})`;
    if (rightBank !== undefined && left !== '') return `${rightBank} (${programName(slash[0] ?? '')})`;
  }

  const normalized = normalizeCreditorName(trimmed);
  const issuer = ISSUERS.find((i) => i.words.some((w) => containsWords(normalized, w)));
  return issuer?.name ?? titleCase(trimmed);
}
