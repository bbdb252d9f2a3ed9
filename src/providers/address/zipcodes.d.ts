// The zipcodes package (v8) ships no types; only what the address sandbox uses is declared.
declare module 'zipcodes' {
  type ZipCode = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    /** Two-letter code; the data also holds territories, military post offices and Canada. */
    state: string;
    country: string;
  };
  const zipcodes: {
    /** Every code, keyed by zip (US) or postal prefix (Canada). */
    codes: Record<string, ZipCode>;
    lookup(zip: string | number): ZipCode | undefined;
    lookupByName(city: string, state: string): ZipCode[];
  };
  export default zipcodes;
}
