import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, totp, totpStep } from './totp';

// RFC 6238 appendix B (SHA-1): the 20-byte ASCII key "12345678901234567890", 8 digits.
const RFC_KEY = Buffer.from('12345678901234567890');

describe('totp (RFC 6238 appendix B)', () => {
  it.each([
    { seconds: 59, code: '94287082' },
    { seconds: 1_111_111_109, code: '07081804' },
    { seconds: 1_111_111_111, code: '14050471' },
    { seconds: 1_234_567_890, code: '89005924' },
    { seconds: 2_000_000_000, code: '69279037' },
    { seconds: 20_000_000_000, code: '65353130' },
  ])('at T=$seconds s the code is $code', ({ seconds, code }) => {
    expect(totp(RFC_KEY, seconds * 1000, 8)).toBe(code);
  });

  it.each([
    { counter: 0, code: '755224' },
    { counter: 1, code: '287082' },
    { counter: 9, code: '520489' },
  ])('HOTP (RFC 4226 appendix D) of counter $counter is $code', ({ counter, code }) => {
    expect(hotp(RFC_KEY, counter)).toBe(code);
  });
});

describe('matchingStep', () => {
  const now = 1_700_000_000_000;
  const step = totpStep(now);
  it.each([
    { label: 'the current code', offset: 0, expected: step },
    { label: 'the previous code', offset: -1, expected: step - 1 },
    { label: 'the next code', offset: 1, expected: step + 1 },
    { label: 'a code two steps old', offset: -2, expected: undefined },
  ])('finds the step of $label', ({ offset, expected }) => {
    expect(matchingStep(RFC_KEY, hotp(RFC_KEY, step + offset), now)).toBe(expected);
  });

  it('refuses codes of the wrong length or content', () => {
    expect(matchingStep(RFC_KEY, '12345', now)).toBeUndefined();
    expect(matchingStep(RFC_KEY, 'abcdef', now)).toBeUndefined();
  });
});

describe('base32', () => {
  it.each([
    { text: '', encoded: '' },
    { text: 'f', encoded: 'MY' },
    { text: 'foobar', encoded: 'MZXW6YTBOI' },
    { text: '12345678901234567890', encoded: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' },
  ])('"$text" is $encoded (RFC 4648) and decodes back', ({ text, encoded }) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(Buffer.from(base32Decode(encoded)).toString()).toBe(text);
  });
});
