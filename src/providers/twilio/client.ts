import twilio from 'twilio';

export type TwilioAccount = {
  accountSid: string;
  authToken: string;
  /**
   * Tests only: every Twilio host (api.twilio.com, lookups.twilio.com) is replaced by this origin, so the
   * official SDK talks to a local fake of Twilio's HTTP API (tests/fakes/twilio-fake.ts). Production leaves it
   * unset and the SDK calls Twilio.
   */
  baseUrl?: string;
  /** Milliseconds before a call to Twilio is abandoned (the outbox retries a text later). */
  timeoutMs?: number;
};

/** The SDK's own HTTP client, with the request's host swapped for `baseUrl` (the path and query are kept). */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs });
  }

  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: TData }) {
    const original = new URL(opts.uri);
    const target = new URL(original.pathname + original.search, this.baseUrl);
    return super.request<TData>({ ...opts, uri: target.href });
  }
}

/** Twilio's official Node client for one account. */
export function createTwilioClient(account: TwilioAccount): twilio.Twilio {
  const timeout = account.timeoutMs ?? 10_000;
  return twilio(account.accountSid, account.authToken, {
    timeout,
    // Never log the SDK's own debug lines: they carry phone numbers and message bodies.
    logLevel: 'none',
    ...(account.baseUrl ? { httpClient: new RedirectingRequestClient(account.baseUrl, timeout) } : {}),
  });
}

/**
 * A Twilio error without what could be personal: Twilio's messages often quote the phone number, so only the
 * HTTP status and Twilio's error code (documented at twilio.com/docs/errors/<code>) are kept.
 */
export class TwilioApiError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number | undefined,
    readonly code: number | undefined,
  ) {
    super(
      `${operation}: Twilio answered ${status ?? 'no status'}${code ? ` (error ${code}, twilio.com/docs/errors/${code})` : ''}`,
    );
    this.name = 'TwilioApiError';
  }
}

/** Rewrites whatever the SDK threw as a TwilioApiError, or a network failure without its details. */
export function twilioFailure(operation: string, error: unknown): Error {
  if (error instanceof twilio.RestException) return new TwilioApiError(operation, error.status, error.code);
  const code = (error as { code?: unknown } | null)?.code;
  return new Error(
    `${operation}: Twilio could not be reached${typeof code === 'string' ? ` (${code})` : ''}`,
  );
}
