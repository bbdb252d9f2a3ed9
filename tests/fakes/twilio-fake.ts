import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Twilio's HTTP API, for the Twilio adapters' tests. It answers Twilio's documented
 * request and reply shapes for the two calls the adapters make, and nothing else:
 * - POST /2010-04-01/Accounts/{AccountSid}/Messages.json (form-encoded To, Body, From or MessagingServiceSid)
 *   → 201 and a Message resource;
 * - GET /v2/PhoneNumbers/{PhoneNumber} → 200 and a Lookup v2 PhoneNumber resource.
 * It checks HTTP Basic auth (account SID and auth token) as Twilio does (401, error 20003), answers errors in
 * Twilio's JSON error shape ({ code, message, more_info, status }), and keeps each request for assertions.
 */

export type TwilioFakeRequest = {
  method: string;
  path: string;
  /** The query string's or the form body's fields. */
  params: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
};

export type TwilioFake = {
  /** Where to point the adapters (`baseUrl`). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** Numbers Twilio refuses to text because the person replied STOP (error 21610). */
  optedOut: Set<string>;
  /** Answers the next request with this status and body instead (an outage or a reply that changed). */
  replyOnce(status: number, body: unknown): void;
  requests: TwilioFakeRequest[];
  close(): Promise<void>;
};

const NANP = /^\+1([2-9]\d{2})([2-9]\d{2})(\d{4})$/;
/** Area code 999 is not in service: Lookup says such numbers are not valid (as the sandbox does). */
const UNASSIGNED_AREA_CODE = '999';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

function twilioError(res: ServerResponse, status: number, code: number, message: string) {
  send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** '(202) 555-0143', as Lookup's national_format writes a US number. */
const nationalFormat = (m: RegExpExecArray) => `(${m[1]}) ${m[2]}-${m[3]}`;

export async function startTwilioFake(): Promise<TwilioFake> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const requests: TwilioFakeRequest[] = [];
  const optedOut = new Set<string>();
  let override: { status: number; body: unknown } | undefined;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = req.method === 'POST' ? await readBody(req) : '';
      const params = Object.fromEntries(
        new URLSearchParams(req.method === 'POST' ? raw : url.search).entries(),
      );
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        params,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
      });
      if (override) {
        const { status, body } = override;
        override = undefined;
        return send(res, status, body);
      }
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return twilioError(res, 401, 20003, 'Authenticate');

      const messages = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
      if (messages && req.method === 'POST') {
        if (messages[1] !== accountSid)
          return twilioError(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
        const { To: to, Body: body, From: from, MessagingServiceSid: service } = params;
        if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
        if (!from && !service)
          return twilioError(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required.");
        if (!body) return twilioError(res, 400, 21602, 'Message body is required.');
        if (body.length > 1600)
          return twilioError(
            res,
            400,
            21617,
            'The concatenated message body exceeds the 1600 character limit.',
          );
        if (!/^\+[1-9]\d{6,14}$/.test(to))
          return twilioError(res, 400, 21211, `Invalid 'To' Phone Number: ${to}`);
        if (optedOut.has(to))
          return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
        const sid = `SM${hex(16)}`;
        const now = new Date().toUTCString().replace('GMT', '+0000');
        return send(res, 201, {
          account_sid: accountSid,
          api_version: '2010-04-01',
          body,
          date_created: now,
          date_sent: null,
          date_updated: now,
          direction: 'outbound-api',
          error_code: null,
          error_message: null,
          from: from ?? null,
          messaging_service_sid: service ?? null,
          num_media: '0',
          num_segments: String(Math.ceil(body.length / 160)),
          price: null,
          price_unit: 'USD',
          sid,
          status: service ? 'accepted' : 'queued',
          subresource_uris: {
            media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json`,
          },
          to,
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        });
      }

      const lookup = /^\/v2\/PhoneNumbers\/([^/]+)$/.exec(url.pathname);
      if (lookup && req.method === 'GET') {
        const phone = decodeURIComponent(lookup[1]!);
        const match = NANP.exec(phone);
        const digits = phone.replace(/\D/g, '');
        const base = {
          calling_country_code: match ? '1' : null,
          country_code: match ? 'US' : null,
          phone_number: phone,
          national_format: match ? nationalFormat(match) : null,
          caller_name: null,
          sim_swap: null,
          call_forwarding: null,
          line_status: null,
          line_type_intelligence: null,
          identity_match: null,
          reassigned_number: null,
          sms_pumping_risk: null,
          phone_number_quality_score: null,
          pre_fill: null,
          url: `https://lookups.twilio.com/v2/PhoneNumbers/${encodeURIComponent(phone)}`,
        };
        if (digits.length === 0) return twilioError(res, 404, 20404, 'The requested resource was not found');
        if (!match)
          return send(res, 200, {
            ...base,
            valid: false,
            validation_errors: [digits.length < 11 ? 'TOO_SHORT' : 'INVALID_BUT_POSSIBLE'],
          });
        const valid = match[1] !== UNASSIGNED_AREA_CODE;
        return send(res, 200, {
          ...base,
          valid,
          validation_errors: valid ? [] : ['INVALID_BUT_POSSIBLE'],
        });
      }
      return twilioError(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
    })().catch(() => {
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    optedOut,
    replyOnce: (status, body) => {
      override = { status, body };
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
