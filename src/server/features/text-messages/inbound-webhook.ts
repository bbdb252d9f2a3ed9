import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import twilio from 'twilio';
import { smsKeywordAction, smsKeywordLanguage } from '#domain/sms-keywords';
import { isLanguage, type Language } from '#domain/i18n/language';
import { helpSms, optedOutSms } from '#server/sms/texts';
import { borrower } from '#server/db/schema/application';
import { webhookEvent } from '#server/db/schema/ops';
import type { Services } from '#server/services';

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

const forbidden = { code: 'Forbidden', message: 'Invalid signature.' } as const;

/**
 * POST /api/webhooks/twilio/sms: a text a person sent to our Twilio number. Twilio signs each call with the
 * account's auth token (X-Twilio-Signature over our public URL and the form fields); without Twilio configured,
 * or with a missing or wrong signature, the call is refused (403) and nothing is written.
 *
 * A reply that is an opt-out keyword (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) marks every borrower with
 * that phone number as opted out of text messages; START or UNSTOP allows texts again. Carriers stop our texts
 * to that number anyway after STOP, so the borrower's record must say so for staff and for the outbox. Each
 * message is handled once (its MessageSid), and nothing personal (number, text) reaches a log.
 *
 * The Spanish words are handled too: PARAR opts out like STOP, and since Twilio does not know it, we confirm
 * it ourselves; HELP, INFO and AYUDA are answered with how to reach us. Those answers are in the borrower's
 * stored language, else in the language of the word they sent.
 */
export const twilioSmsWebhookRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(TWILIO_SMS_WEBHOOK_PATH, { config: { role: 'public' } }, async (request, reply) => {
    const account = services.config.twilio;
    const signature = request.headers['x-twilio-signature'];
    const rawBody = typeof request.body === 'string' ? request.body : null;
    if (!account || typeof signature !== 'string' || rawBody === null)
      return reply.status(403).send(forbidden);

    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(rawBody)) params[key] = value;
    // Twilio signs the exact address it called: ours as configured (PUBLIC_URL), with the query string.
    const url = `${services.config.publicUrl}${request.url}`;
    if (!twilio.validateRequest(account.authToken, signature, url, params))
      return reply.status(403).send(forbidden);

    const { From: from, Body: body, MessageSid: messageSid, AccountSid: accountSid } = params;
    if (accountSid !== account.accountSid || !messageSid || !MESSAGE_SID.test(messageSid) || !from)
      return reply.status(400).send({ code: 'ValidationError', message: 'Not an inbound message.' });
    if (typeof body !== 'string' || body.length > 1_600)
      return reply.status(400).send({ code: 'ValidationError', message: 'The message body is invalid.' });

    const action = US_E164.test(from) ? smsKeywordAction(body) : 'none';
    const result = await services.database.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(webhookEvent)
        .values({ provider: 'twilio-sms', eventId: messageSid })
        .onConflictDoNothing()
        .returning({ id: webhookEvent.id });
      if (!fresh || action === 'none') return { fresh: Boolean(fresh), changed: 0, languages: [] };
      const rows =
        action === 'help'
          ? await tx
              .select({ language: borrower.preferredLanguage })
              .from(borrower)
              .where(eq(borrower.phoneNumber, from))
          : await tx
              .update(borrower)
              .set({ isOptedOutOfSMS: action === 'optOut', updatedAt: sql`now()` })
              .where(eq(borrower.phoneNumber, from))
              .returning({ language: borrower.preferredLanguage });
      return {
        fresh: true,
        changed: action === 'help' ? 0 : rows.length,
        languages: rows.map((r) => r.language),
      };
    });
    if (action !== 'none')
      request.log.info({ action, borrowers: result.changed }, 'text-message keyword received');
    const send = (twiml: string) =>
      reply.status(200).header('content-type', 'text/xml; charset=utf-8').send(twiml);
    if (!result.fresh) return send(EMPTY_TWIML);
    // The borrower's own choice, else the language of the word they sent.
    const language: Language = result.languages.find(isLanguage) ?? smsKeywordLanguage(body);
    if (action === 'help') return send(replyTwiml(helpSms(language)));
    if (action === 'optOut' && smsKeywordLanguage(body) === 'es')
      return send(replyTwiml(optedOutSms(language)));
    return send(EMPTY_TWIML);
  });
};
