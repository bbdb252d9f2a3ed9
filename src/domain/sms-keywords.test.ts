import { describe, expect, it } from 'vitest';
import { smsActionOfOptOutType, smsKeywordAction, smsKeywordLanguage } from './sms-keywords';

// Twilio's defaults, as Twilio documents them:
// - "By default, Twilio handles standard English-language reply messages—STOP, UNSUBSCRIBE, END, QUIT,
//   STOPALL, REVOKE, OPTOUT, and CANCEL—for long code numbers in accordance with industry standards."
//   (twilio.com/docs/messaging/tutorials/advanced-opt-out)
// - "START and YES will opt customers back in to the messages coming from your Twilio phone number [...]
//   HELP and INFO will return a message informing the customer that they can use the above commands"
//   (Twilio's help centre, "Does Twilio support STOP, BLOCK, and CANCEL (aka SMS STOP Filtering)?"); and
//   "Recipients can disable this message stop, and resume receiving messages with the START, YES, or UNSTOP
//   commands" (Twilio support for opt-out keywords).
// - OptOutType "will return either STOP, START or HELP depending on incoming messaging content"
//   (Twilio's help centre, "How to Track Opt-Out, Opt-In and Help Messages Using the OptOutType Parameter").

describe('smsKeywordAction', () => {
  it.each([
    ['STOP', 'optOut'],
    ['stop', 'optOut'],
    ['  Stop \n', 'optOut'],
    ['STOPALL', 'optOut'],
    ['unsubscribe', 'optOut'],
    ['Cancel', 'optOut'],
    ['END', 'optOut'],
    ['quit', 'optOut'],
    ['REVOKE', 'optOut'],
    ['revoke', 'optOut'],
    ['OPTOUT', 'optOut'],
    [' OptOut\n', 'optOut'],
    ['PARAR', 'optOut'],
    [' parar\n', 'optOut'],
    ['Parar', 'optOut'],
    ['START', 'optIn'],
    ['unstop', 'optIn'],
    [' Start', 'optIn'],
    ['YES', 'optIn'],
    ['yes', 'optIn'],
    ['HELP', 'help'],
    ['help', 'help'],
    ['INFO', 'help'],
    ['AYUDA', 'help'],
    [' Ayuda ', 'help'],
    ['please stop texting me', 'none'],
    ['por favor paren', 'none'],
    ['STOP!', 'none'],
    ['S T O P', 'none'],
    ['', 'none'],
    ['\u0000STOP', 'none'],
    ['Yes, call me tomorrow', 'none'],
  ])('%j → %s', (body, action) => {
    expect(smsKeywordAction(body)).toBe(action);
  });
});

describe('smsActionOfOptOutType', () => {
  it.each([
    ['STOP', 'optOut'],
    ['START', 'optIn'],
    ['HELP', 'help'],
    [undefined, null],
    ['', null],
    ['stop', null],
    ['UNSUBSCRIBE', null],
  ] as const)('%j → %s', (optOutType, action) => {
    expect(smsActionOfOptOutType(optOutType)).toBe(action);
  });
});

describe('smsKeywordLanguage', () => {
  it.each([
    ['PARAR', 'es'],
    ['ayuda', 'es'],
    ['STOP', 'en'],
    ['HELP', 'en'],
    ['hola', 'en'],
  ])('%j → %s', (body, language) => {
    expect(smsKeywordLanguage(body)).toBe(language);
  });
});
