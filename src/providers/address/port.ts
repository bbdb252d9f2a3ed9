/** One completed US address, ready to fill the form's line 1, city, state and zip code. */
export type AddressSuggestion = {
  /** The whole address on one line, as the list shows it: '123 Main St, Springfield, IL 62701'. */
  label: string;
  addressLine1: string;
  city: string;
  /** Two-letter code of one of the 50 states or DC. */
  state: string;
  /** Five digits. */
  zipCode: string;
};

/**
 * Address autocomplete (US only; fills line 1, city, state and zip code; the form
 * debounces 300 ms and asks from the third character on).
 *
 * Every adapter (the sandbox, a real address service) passes tests/contracts/address.contract.ts.
 */
export interface AddressLookup {
  /**
   * Suggests up to `limit` addresses (default 5) for what the user has typed so far. A query shorter than
   * 3 characters once trimmed, or one that matches nothing, answers []; bad input never rejects. A service
   * that cannot be reached rejects, and the form simply shows no suggestions.
   */
  suggest(query: string, options?: { limit?: number }): Promise<AddressSuggestion[]>;
}
