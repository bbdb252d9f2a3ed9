import table from '#data/account-types.json' with { type: 'json' };

// Bureau account type codes and their names (shown as 'Name (code)').

const NAMES: Readonly<Record<string, string>> = table.names;

/** 'Credit Card (CC)'; an unknown code is shown as itself; no code gives null. */
export function accountTypeName(code: string | null): string | null {
  if (code === null) return null;
  const name = NAMES[code.trim().toUpperCase()];
  return name === undefined ? code : `${name} (${code.trim().toUpperCase()})`;
}
