import type { Language } from '#domain/i18n/language';

/**
 * What a borrower's reply to one of our texts asks for. Carriers and Twilio treat these words as the
 * standard opt-out and opt-in keywords: the whole message, trimmed and in any case, is the keyword
 * ("stop" and " STOP\n" opt out; "please stop texting" does not, as with Twilio's own handling).
 * The Spanish words (PARAR, AYUDA) are recognised whatever language the borrower chose: a person answers in
 * the language they think in.
 */
export const SMS_OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'PARAR',
] as const;
export const SMS_OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;
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
