import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { formatDollars } from '../money/cents';
import { SITE } from '../site';
import { MINIMUM_ELIGIBLE_BALANCE } from './constants';
import { OUTCOME_MESSAGES, PAYOFF_MESSAGES } from './outcome-messages';
import { HUD_COUNSELING_PHONE, OUTCOME_TEXTS, OUTCOMES } from './outcomes';
import { describeMonths } from './payoff-plan';

// The messages must write, in English, exactly the domain's texts: the page shows the messages, the email and
// the tests use the texts.

const english = createIntl({ locale: 'en-US', defaultLocale: 'en-US', messages: {} });
const values = {
  phone: SITE.phone.display,
  hours: SITE.hours,
  minimum: formatDollars(MINIMUM_ELIGIBLE_BALANCE),
  hudPhone: HUD_COUNSELING_PHONE,
};

describe('OUTCOME_MESSAGES', () => {
  it.each(OUTCOMES)('%s: the same English as OUTCOME_TEXTS', (outcome) => {
    const messages = OUTCOME_MESSAGES[outcome];
    const text = OUTCOME_TEXTS[outcome];
    expect(english.formatMessage(messages.title, values)).toBe(text.title);
    expect(english.formatMessage(messages.why, values)).toBe(text.why);
    expect(
      messages.nextSteps.map((step) => ({
        title: english.formatMessage(step.title, values),
        text: english.formatMessage(step.text, values),
        label: step.link ? english.formatMessage(step.link, values) : undefined,
      })),
    ).toEqual(
      text.nextSteps.map((step) => ({ title: step.title, text: step.text, label: step.link?.label })),
    );
  });
});

describe('PAYOFF_MESSAGES.duration', () => {
  it('writes what describeMonths writes', () => {
    for (let months = 0; months <= 40; months++) {
      expect(
        english.formatMessage(PAYOFF_MESSAGES.duration, {
          years: Math.floor(months / 12),
          months: months % 12,
        }),
      ).toBe(describeMonths(months));
    }
  });
});
