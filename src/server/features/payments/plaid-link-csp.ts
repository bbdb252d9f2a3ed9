import type { Config } from '#server/env';

/** Plaid Link's script; Plaid requires it to be loaded from this address, never bundled or hosted by us. */
export const PLAID_LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

/**
 * What the content security policy must allow for Plaid Link, and nothing when Plaid is not the bank-link
 * provider (the built-in sandbox dialog is the app's own code): then no page can load Plaid's script at all.
 *
 * Plaid's documentation ("Link Web SDK", CSP directives) lists for Link:
 *   default-src https://cdn.plaid.com/; script-src 'unsafe-inline' https://cdn.plaid.com/link/v2/stable/link-initialize.js;
 *   frame-src https://cdn.plaid.com/; connect-src https://production.plaid.com/;
 * Every directive the app sets for itself replaces default-src for its kind of request, so the CDN is named in
 * the ones that would otherwise have fallen back to Plaid's default-src (styles, images). The script is allowed
 * by its full address only, as documented. 'unsafe-inline' for scripts is not given: Plaid's React package
 * loads the script by its address, and no inline script of ours needs it (react-plaid-link's README writes the
 * same list with a nonce in its place, so Link itself runs none).
 */
export function plaidLinkCsp(plaid: Config['plaid']): {
  defaultSrc: string[];
  scriptSrc: string[];
  styleSrc: string[];
  imgSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
} {
  if (!plaid)
    return { defaultSrc: [], scriptSrc: [], styleSrc: [], imgSrc: [], frameSrc: [], connectSrc: [] };
  const cdn = 'https://cdn.plaid.com/';
  return {
    defaultSrc: [cdn],
    scriptSrc: [PLAID_LINK_SCRIPT_URL],
    styleSrc: [cdn],
    imgSrc: [cdn],
    frameSrc: [cdn],
    connectSrc: ['https://production.plaid.com/'],
  };
}
