import type { Language } from '#domain/i18n/language';

/**
 * What a borrower's reply to one of our texts asks for. These are Twilio's default keywords, which carriers
 * know too: Twilio blocks our texts to a number that sends an opt-out word, and lifts the block on an opt-in
 * word, whether or not we listen. The record must follow every one of them, or it says "opted in" for a
 * number Twilio refuses to text (error 21610). The whole message, trimmed and in any case, is the keyword
 * ("stop" and " STOP\n" opt out; "please stop texting" does not, as with Twilio's own handling).
 * The Spanish words (PARAR, AYUDA) are ours, recognised whatever language the borrower chose: a person answers
 * in the language they think in. An agency that adds words of its own in Twilio (Advanced Opt-Out) is told of
 * them by the webhook's OptOutType instead (smsActionOfOptOutType).
 */
export const SMS_OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'PARAR',
] as const;
export const SMS_OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const SMS_HELP_KEYWORDS = ['HELP', 'INFO', 'AYUDA'] as const;

/** The keywords written in Spanish: a reply to them is in Spanish when the borrower's language is unknown. */
const SPANISH_KEYWORDS: readonly string[] = ['PARAR', 'AYUDA'];

export type SmsKeywordAction = 'optOut' | 'optIn' | 'help' | 'none';

const keywordOf = (body: string) => body.trim().toUpperCase();

export function smsKeywordAction(body: string): SmsKeywordAction {
  const word = keywordOf(body);
  if ((SMS_OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'optOut';
  if ((SMS_OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'optIn';
  if ((SMS_HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  return 'none';
}

/** The language a keyword is written in ("PARAR" is Spanish; "STOP", like anything else, English). */
export const smsKeywordLanguage = (body: string): Language =>
  SPANISH_KEYWORDS.includes(keywordOf(body)) ? 'es' : 'en';

/**
 * The action Twilio names in an inbound message's OptOutType (STOP, START or HELP), sent when the number is in
 * a Messaging Service with Advanced Opt-Out: Twilio matched the message against the service's own keywords,
 * which may differ from the defaults. Null when absent or not one of the three: the message's words decide.
 */
export function smsActionOfOptOutType(optOutType: string | undefined): SmsKeywordAction | null {
  switch (optOutType) {
    case 'STOP':
      return 'optOut';
    case 'START':
      return 'optIn';
    case 'HELP':
      return 'help';
    default:
      return null;
  }
}
