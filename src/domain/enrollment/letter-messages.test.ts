import { describe, expect, it } from 'vitest';
import {
  DRAFT_ON_NON_BUSINESS_DAY,
  LETTER_MESSAGES,
  LETTER_OF_AUTHORIZATION_TITLE,
  NO_ACCOUNT_NUMBER,
} from './letter-of-authorization';
import { PLAN_DISCLOSURE_MESSAGES, PLAN_DISCLOSURES } from './plan-disclosures';

// The messages' English is the texts the rest of the product uses: they must not drift apart.

describe('the letter’s messages', () => {
  it('say in English what the constants say', () => {
    expect(LETTER_MESSAGES.title.defaultMessage).toBe(LETTER_OF_AUTHORIZATION_TITLE);
    expect(LETTER_MESSAGES.noAccountNumber.defaultMessage).toBe(NO_ACCOUNT_NUMBER);
    expect(LETTER_MESSAGES.nonBusinessDay.defaultMessage).toBe(DRAFT_ON_NON_BUSINESS_DAY);
  });

  it.each(PLAN_DISCLOSURES)('give the plan disclosure $key its own text', (disclosure) => {
    expect(PLAN_DISCLOSURE_MESSAGES[disclosure.key].defaultMessage).toBe(disclosure.text);
  });
});
