import { EXPENSE_LINE_MESSAGES } from './expense-labels';
import { FIXED, LABELS, QUESTION_REQUIRED, TEMPLATES, type MessageDescriptor } from './validation-messages';

/** Formats a message descriptor in some language: react-intl's or @formatjs/intl's `formatMessage`. */
export type FormatMessage = (descriptor: MessageDescriptor, values?: Record<string, string>) => string;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a pattern over its English, with the names of the placeholders it captures in order. */
const PATTERNS = Object.values(TEMPLATES).map((descriptor) => {
  const english = String(descriptor.defaultMessage);
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of english.matchAll(/\{(\w+)\}/g)) {
    source += escapeRegExp(english.slice(last, match.index));
    const name = match[1] ?? '';
    // A repeated placeholder must hold the same text both times.
    source += names.includes(name) ? `\\k<${name}>` : `(?<${name}>.+?)`;
    if (!names.includes(name)) names.push(name);
    last = (match.index ?? 0) + match[0].length;
  }
  source += escapeRegExp(english.slice(last));
  return { descriptor, names, pattern: new RegExp(`^${source}$`, 's') };
});

const byEnglish = (table: Record<string, MessageDescriptor>) =>
  new Map(Object.values(table).map((d) => [String(d.defaultMessage), d]));
const FIXED_BY_ENGLISH = byEnglish(FIXED);
// The expense lines' names too: the budget's refusals name the line ("Groceries cannot go below $200.").
// The field labels win where both name the same English.
const LABELS_BY_ENGLISH = new Map([...byEnglish(EXPENSE_LINE_MESSAGES), ...byEnglish(LABELS)]);

/**
 * A validation or error text the domain produced, in the language of `format`: a fixed text ("Passwords do
 * not match."), a template ("First name is required", with the label translated when it is one we know) or a
 * label alone. Anything else (a text we do not know, or one already translated) comes back unchanged, so it
 * is safe to call on any message, even twice.
 *
 *   web:    localizeMessage(message, (d, v) => intl.formatMessage(d, v))   with `intl = useIntl()`
 *   server: localizeMessage(message, (d, v) => intlFor(language).formatMessage(d, v))
 */
export function localizeMessage(english: string, format: FormatMessage): string {
  const fixed = FIXED_BY_ENGLISH.get(english) ?? LABELS_BY_ENGLISH.get(english);
  if (fixed) return format(fixed);
  for (const { descriptor, names, pattern } of PATTERNS) {
    const match = pattern.exec(english);
    if (!match?.groups) continue;
    const values: Record<string, string> = {};
    for (const name of names) {
      const value = match.groups[name] ?? '';
      const label = LABELS_BY_ENGLISH.get(value);
      values[name] = label ? format(label) : value;
    }
    const question = descriptor === TEMPLATES.required && (match.groups.label ?? '').endsWith('?');
    return format(question ? QUESTION_REQUIRED : descriptor, values);
  }
  return english;
}
