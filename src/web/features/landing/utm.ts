import { utmFromSearchParams, type UtmInput } from '#domain/validation/application';

/**
 * The campaign parameters of the page's query string, as the API takes them: long values are cut and
 * characters no form field takes are dropped, so a campaign link never blocks a lead. A module of its own
 * because the application's validation (and zod) comes with it: the lead form loads it when it sends.
 */
export const utmFromSearch = (params: URLSearchParams): UtmInput => utmFromSearchParams(params);
