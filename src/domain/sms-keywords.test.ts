import { describe, expect, it } from 'vitest';
import { smsKeywordAction } from './sms-keywords';

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
    ['START', 'optIn'],
    ['unstop', 'optIn'],
    [' Start', 'optIn'],
    ['HELP', 'none'],
    ['please stop texting me', 'none'],
    ['STOP!', 'none'],
    ['S T O P', 'none'],
    ['', 'none'],
    ['\u0000STOP', 'none'],
    ['Yes, call me tomorrow', 'none'],
  ])('%j → %s', (body, action) => {
    expect(smsKeywordAction(body)).toBe(action);
  });
});
