import type { IntlShape, MessageDescriptor } from 'react-intl';
import { EXPENSE_GROUP_MESSAGES, EXPENSE_LINE_MESSAGES } from '#domain/i18n/expense-labels';

// The expense groups' and lines' labels (the domain's English) in the page's language.

const byEnglish = (table: Record<string, MessageDescriptor>) =>
  new Map(Object.values(table).map((d) => [String(d.defaultMessage), d]));
const GROUPS = byEnglish(EXPENSE_GROUP_MESSAGES);
const LINES = byEnglish(EXPENSE_LINE_MESSAGES);

/** An expense group's label (the domain's English) in the page's language; an unknown one as it is. */
export function expenseGroupText(intl: IntlShape, english: string): string {
  const descriptor = GROUPS.get(english);
  return descriptor ? intl.formatMessage(descriptor) : english;
}

/** The message of an expense line's label (the domain's English), if it is one of the lines'. */
export const expenseLineMessage = (english: string): MessageDescriptor | undefined => LINES.get(english);

/** An expense line's label (the domain's English) in the page's language; an unknown one as it is. */
export function expenseLineText(intl: IntlShape, english: string): string {
  const descriptor = LINES.get(english);
  return descriptor ? intl.formatMessage(descriptor) : english;
}
