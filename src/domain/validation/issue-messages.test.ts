import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { englishOf, MESSAGES_BY_ID } from '../i18n/message';
import { LABELS } from '../i18n/validation-messages';
import { currencyField, emailField, passwordField, textField, yesNoField } from './fields';
import { issueMessageRef } from './issue-messages';

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues;
};

describe('a field message carries its id', () => {
  it('on a value of the wrong type, a check and a rule alike, with the English unchanged', () => {
    const cases: [z.ZodType, unknown, string][] = [
      [textField(LABELS.firstName), undefined, 'First name is required'],
      [textField(LABELS.firstName), 5, 'First name is invalid'],
      [textField(LABELS.firstName), '', 'First name is required'],
      [textField(LABELS.firstName), 'x'.repeat(101), 'First name must be at most 100 characters long'],
      [emailField(), 'not an email', 'Email address is invalid'],
      [passwordField(), '', 'Password is required'],
      [currencyField(LABELS.balance), 0, 'Balance must be greater than $0'],
      [currencyField(LABELS.balance), -100, 'Balance cannot be negative'],
      [yesNoField(LABELS.hasDependents), undefined, 'Do you have any dependents? is required'],
    ];
    for (const [schema, input, english] of cases) {
      const [issue] = issuesOf(schema, input);
      const ref = issueMessageRef(issue);
      expect(issue?.message).toBe(english);
      expect(ref && MESSAGES_BY_ID.has(ref.id)).toBe(true);
      expect(ref && englishOf(ref)).toBe(english);
    }
  });

  it('a question left unanswered is its own message, a label a message inside it', () => {
    const [issue] = issuesOf(yesNoField(LABELS.hasDependents), undefined);
    expect(issueMessageRef(issue)).toEqual({
      id: 'validation.questionRequired',
      values: { label: { id: 'validation.question.hasDependents' } },
    });
  });

  it('a label given as English text gives no id (the staff’s forms, which stay in English)', () => {
    const [issue] = issuesOf(textField('Partner note'), '');
    expect(issue?.message).toBe('Partner note is required');
    expect(issueMessageRef(issue)).toBeUndefined();
  });
});
