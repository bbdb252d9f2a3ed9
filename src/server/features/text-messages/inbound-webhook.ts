import type { FastifyPluginAsync } from 'fastify';
import twilio from 'twilio';
import { smsActionOfOptOutType, smsKeywordAction, smsKeywordLanguage } from '#domain/sms-keywords';
import { isLanguage, type Language } from '#domain/i18n/language';
import { helpSms, optedOutSms } from '#server/sms/texts';
import type { Config } from '#server/env';
import type { OpenUnit } from '#server/unit-of-work';
import { recordInboundKeyword } from './inbound-keyword';

export const TWILIO_SMS_WEBHOOK_PATH = '/api/webhooks/twilio/sms';

/** An empty TwiML answer: nothing more to send (Twilio itself confirms STOP and START to the person). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A TwiML answer that texts `text` back to the person. */
const replyTwiml = (text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(text)}</Message></Response>`;

/** Stored numbers are +1 and 10 digits; a reply from any other number cannot be a borrower's. */
const US_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;
const MESSAGE_SID = /^(SM|MM)[0-9a-fA-F]{32}$/;

/**
 * What the text-messages feature's routes are given: the door to units of work and the configuration, never the
 * app's whole services nor the database itself (lint, the 'units-of-work' block of eslint.config.js).
 */
export type TextMessagesDeps = { openUnit: OpenUnit; config: Config };

const forbidden = { code: 'Forbidden', message: 'Invalid signature.' } as const;

/**
 * POST /api/webhooks/twilio/sms: a text a person sent to our Twilio number. Twilio signs each call with the
 * account's auth token (X-Twilio-Signature over our public URL and the form fields); without Twilio configured,
 * or with a missing or wrong signature, the call is refused (403) and nothing is written.
 *
 * A reply that is an opt-out keyword (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT: Twilio's
 * defaults) marks every borrower with that phone number as opted out of text messages; START, UNSTOP or YES
 * allows texts again. Twilio stops our texts to that number anyway after any of them, so the borrower's record
 * must say so for staff and for the outbox. Each message is handled once (its MessageSid), and nothing
 * personal (number, text) reaches a log.
 *
 * When the number is in a Messaging Service with Advanced Opt-Out, Twilio names what it matched in
 * OptOutType (STOP, START or HELP), against the service's own keywords, which an agency may have changed:
 * that wins over our list, and Twilio has already sent the service's reply, so ours is empty.
 *
 * Without it, the Spanish words are handled too: PARAR opts out like STOP, and since Twilio does not know it,
 * we confirm it ourselves; HELP, INFO and AYUDA are answered with how to reach us. Those answers are in the
 * borrower's stored language, else in the language of the word they sent.
 */
export const twilioSmsWebhookRoutes: FastifyPluginAsync<TextMessagesDeps> = async (
  app,
  { openUnit, config },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(TWILIO_SMS_WEBHOOK_PATH, { config: { role: 'public' } }, async (request, reply) => {
    const account = config.twilio;
    const signature = request.headers['x-twilio-signature'];
    const rawBody = typeof request.body === 'string' ? request.body : null;
    if (!account || typeof signature !== 'string' || rawBody === null)
      return reply.status(403).send(forbidden);

    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(rawBody)) params[key] = value;
    // Twilio signs the exact address it called: ours as configured (PUBLIC_URL), with the query string.
    const url = `${config.publicUrl}${request.url}`;
    if (!twilio.validateRequest(account.authToken, signature, url, params))
      return reply.status(403).send(forbidden);

    const { From: from, Body: body, MessageSid: messageSid, AccountSid: accountSid } = params;
    if (accountSid !== account.accountSid || !messageSid || !MESSAGE_SID.test(messageSid) || !from)
      return reply.status(400).send({ code: 'ValidationError', message: 'Not an inbound message.' });
    if (typeof body !== 'string' || body.length > 1_600)
      return reply.status(400).send({ code: 'ValidationError', message: 'The message body is invalid.' });

    const byTwilio = smsActionOfOptOutType(params.OptOutType);
    const action = US_E164.test(from) ? (byTwilio ?? smsKeywordAction(body)) : 'none';
    const result = await openUnit((unit) => recordInboundKeyword(unit, { messageSid, from, action }));
    if (action !== 'none')
      request.log.info(
        { action, matchedBy: byTwilio ? 'OptOutType' : 'keyword', borrowers: result.changed },
        'text-message keyword received',
      );
    const send = (twiml: string) =>
      reply.status(200).header('content-type', 'text/xml; charset=utf-8').send(twiml);
    // Twilio answered the keyword itself with the Messaging Service's configured reply.
    if (!result.fresh || byTwilio) return send(EMPTY_TWIML);
    // The borrower's own choice, else the language of the word they sent.
    const language: Language = result.languages.find(isLanguage) ?? smsKeywordLanguage(body);
    if (action === 'help') return send(replyTwiml(helpSms(language)));
    if (action === 'optOut' && smsKeywordLanguage(body) === 'es')
      return send(replyTwiml(optedOutSms(language)));
    return send(EMPTY_TWIML);
  });
};
