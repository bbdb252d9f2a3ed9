import table from '#data/account-types.json' with { type: 'json' };

// Bureau account type codes and their names: staff see 'Name (code)', borrowers plain words.

const NAMES: Readonly<Record<string, string>> = table.names;

/** 'Credit Card (CC)'; an unknown code is shown as itself; no code gives null. */
export function accountTypeName(code: string | null): string | null {
  if (code === null) return null;
  const name = NAMES[code.trim().toUpperCase()];
  return name === undefined ? code : `${name} (${code.trim().toUpperCase()})`;
}

/** Where the bureau's name reads badly as a sentence, the words a borrower sees instead. */
const PLAIN_OVERRIDES: Readonly<Record<string, string>> = {
  AG: 'Collection agency',
  CU: 'Phone or mobile account',
  DR: 'Overdraft on a bank account',
  FE: "Attorney's fees",
  UK: 'Other account',
};

/** Abbreviations kept in capitals when a name is put in sentence case. */
const ABBREVIATIONS = new Set(['FHA', 'FmHA', 'VA']);

/**
 * What a borrower reads for a bureau code, in sentence case: 'CC' → 'Credit card', 'AG' → 'Collection
 * agency', 'FR' → 'FHA real estate mortgage'. A code the table does not know reads 'Other account' (a code
 * means nothing to a borrower); no code gives null.
 */
export function accountTypePlainWords(code: string | null): string | null {
  if (code === null || code.trim() === '') return null;
  const key = code.trim().toUpperCase();
  const override = PLAIN_OVERRIDES[key];
  if (override !== undefined) return override;
  const name = NAMES[key];
  if (name === undefined) return PLAIN_OVERRIDES.UK!;
  const words = name
    .replaceAll('/', ' or ')
    .split(' ')
    .map((word, k) => {
      if (ABBREVIATIONS.has(word)) return word;
      const lower = word.toLowerCase();
      return k === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    });
  return words.join(' ');
}
