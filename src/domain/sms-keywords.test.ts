import { describe, expect, it } from 'vitest';
import { smsKeywordAction, smsKeywordLanguage } from './sms-keywords';

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
    ['PARAR', 'optOut'],
    [' parar\n', 'optOut'],
    ['Parar', 'optOut'],
    ['START', 'optIn'],
    ['unstop', 'optIn'],
    [' Start', 'optIn'],
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
