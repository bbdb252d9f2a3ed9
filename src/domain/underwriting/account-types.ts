import table from '#data/account-types.json' with { type: 'json' };
import { ACCOUNT_TYPE_MESSAGES, accountTypeKey } from './account-type-messages';

// Bureau account type codes and their names: staff see 'Name (code)', borrowers plain words.

const NAMES: Readonly<Record<string, string>> = table.names;

/** 'Credit Card (CC)'; an unknown code is shown as itself; no code gives null. */
export function accountTypeName(code: string | null): string | null {
  if (code === null) return null;
  const name = NAMES[code.trim().toUpperCase()];
  return name === undefined ? code : `${name} (${code.trim().toUpperCase()})`;
}

/**
 * What a borrower reads for a bureau code, in English: the English of its message (account-type-messages.ts),
 * so the English and every other language are worded from one place. 'CC' → 'Credit card', 'AG' → 'Collection
 * agency', 'FR' → 'FHA real estate mortgage'. A code the table does not know reads 'Other account'; no code
 * gives null.
 */
export function accountTypePlainWords(code: string | null): string | null {
  const key = accountTypeKey(code);
  return key === null ? null : String(ACCOUNT_TYPE_MESSAGES[key].defaultMessage);
}
