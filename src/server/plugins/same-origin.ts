import type { FastifyRequest } from 'fastify';
import type { Config } from '../env';

/**
 * Routes that providers call server to server: they send no Origin, and each one checks its caller's signature
 * instead, so the same-origin rule would only lock the provider out.
 */
export const ORIGIN_EXEMPT_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/webhooks/e-signature',
  'POST /api/webhooks/bank-link',
  'POST /api/webhooks/scheduling',
  'POST /api/webhooks/twilio/sms',
  'POST /api/webhooks/agency-events',
]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin (scheme, host and port) of a URL, or null when it has none ('null', file:, garbage). */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origins a state-changing call may come from: PUBLIC_URL's, and outside production also the origin the
 * request itself was sent to (its Host), so the Vite dev server's proxy, 127.0.0.1 instead of localhost and the
 * tests work without setting PUBLIC_URL. Production trusts the configured address only: behind a proxy the
 * Host header is whatever the proxy or the client made it.
 */
function allowedOrigins(request: FastifyRequest, config: Pick<Config, 'nodeEnv' | 'publicUrl'>): string[] {
  const allowed = [originOf(config.publicUrl)];
  if (config.nodeEnv !== 'production') allowed.push(originOf(`${request.protocol}://${request.host}`));
  return allowed.filter((o): o is string => o !== null);
}

/**
 * CSRF: true when a state-changing /api call is not proven to come from our own pages. Browsers send Origin on
 * every POST, PUT, PATCH and DELETE; it must be exactly one of our origins ('null' and malformed values are
 * refused). Without Origin, only `Sec-Fetch-Site: same-origin` (set by the browser, not by page script) is
 * accepted. A call with neither is refused, so the protection does not rest on SameSite cookies alone.
 */
export function isCrossSiteStateChange(
  request: FastifyRequest,
  config: Pick<Config, 'nodeEnv' | 'publicUrl'>,
): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (ORIGIN_EXEMPT_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    // A browser sends the bare serialized origin; anything else (a path, upper case, 'null') is not one of ours.
    return originOf(origin) !== origin || !allowedOrigins(request, config).includes(origin);
  }
  return request.headers['sec-fetch-site'] !== 'same-origin';
}

/**
 * CSRF for a form the browser sends itself (a page's POST without script): as for the API, except that such a
 * navigation from our pages carries `Origin: null` (our pages' referrer policy is no-referrer, and a browser
 * then hides the origin of a form it sends). Then, as without Origin, only `Sec-Fetch-Site: same-origin` (set by
 * the browser, never by a page) is accepted.
 */
export function isCrossSiteFormPost(
  request: FastifyRequest,
  config: Pick<Config, 'nodeEnv' | 'publicUrl'>,
): boolean {
  if (request.headers.origin === 'null') return request.headers['sec-fetch-site'] !== 'same-origin';
  return isCrossSiteStateChange(request, config);
}
