import type { IntlShape, MessageDescriptor } from 'react-intl';
import {
  EXPENSE_GROUP_MESSAGES,
  EXPENSE_LINE_MESSAGES,
  type ExpenseLineKey,
} from '#domain/i18n/expense-labels';
import type { ExpenseCategory } from '#domain/validation/expenses';

// The expense groups' and lines' labels in the page's language, by the keys the server sends with them: a
// group's category, a line's labelKey. The English label beside them is not read back.

/** An expense group's label in the page's language. */
export const expenseGroupText = (intl: IntlShape, category: ExpenseCategory): string =>
  intl.formatMessage(EXPENSE_GROUP_MESSAGES[category]);

/** A line as the answers send it: the key of its label's message, and the domain's English. */
export type LabelledLine = { labelKey: ExpenseLineKey | null; label: string };

/** A line's label as a message, or as the text it came with for a line the domain does not name. */
export const expenseLineMessage = (line: LabelledLine): MessageDescriptor | string =>
  line.labelKey ? EXPENSE_LINE_MESSAGES[line.labelKey] : line.label;

/** An expense line's label in the page's language. */
export function expenseLineText(intl: IntlShape, line: LabelledLine): string {
  const label = expenseLineMessage(line);
  return typeof label === 'string' ? label : intl.formatMessage(label);
}
