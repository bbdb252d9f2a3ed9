/**
 * What a borrower's reply to one of our texts asks for. Carriers and Twilio treat these words as the
 * standard opt-out and opt-in keywords: the whole message, trimmed and in any case, is the keyword
 * ("stop" and " STOP\n" opt out; "please stop texting" does not, as with Twilio's own handling).
 */
export const SMS_OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const SMS_OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;

export type SmsKeywordAction = 'optOut' | 'optIn' | 'none';

export function smsKeywordAction(body: string): SmsKeywordAction {
  const word = body.trim().toUpperCase();
  if ((SMS_OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'optOut';
  if ((SMS_OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'optIn';
  return 'none';
}
