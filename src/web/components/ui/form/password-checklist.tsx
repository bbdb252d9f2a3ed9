import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { PASSWORD_SPECIAL_CHARACTERS, passwordChecklist, type PasswordRule } from '#domain/validation/format';

// The rules' names in the page's language; the domain's English labels stay for the API and the tests.
const RULE_LABELS = defineMessages({
  length: { id: 'ui.passwordChecklist.length', defaultMessage: 'Between 8 and 20 characters' },
  letter: { id: 'ui.passwordChecklist.letter', defaultMessage: 'At least one letter' },
  number: { id: 'ui.passwordChecklist.number', defaultMessage: 'At least one number' },
  characters: {
    id: 'ui.passwordChecklist.characters',
    defaultMessage: 'Only letters, numbers and these special characters: {characters}',
  },
}) satisfies Record<PasswordRule['key'], unknown>;

// Signs, not words: the same in every language (kept out of the JSX, where the translation check looks for words).
const CHECK_MARK = '✓';
const SPACE = ' ';

/** The live list of password rules, ticked as they are met. */
export function PasswordChecklist({ id, password }: { id?: string; password: string | undefined }) {
  const intl = useIntl();
  const rules = passwordChecklist(password);
  return (
    <div id={id} className="rounded-md bg-gray-50 px-4 py-3 text-sm">
      <p className="font-medium text-gray-800">
        <FormattedMessage id="ui.passwordChecklist.title" defaultMessage="Your password must have:" />
      </p>
      <ul className="mt-2 space-y-1">
        {rules.map((rule) => (
          <li
            key={rule.key}
            data-rule={rule.key}
            data-met={rule.met}
            className={`flex items-start gap-2 ${rule.met ? 'text-brand-800' : 'text-gray-700'}`}
          >
            <span
              aria-hidden="true"
              className={`mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded-full text-[10px] font-bold ${
                rule.met ? 'bg-brand-600 text-white' : 'border border-gray-400'
              }`}
            >
              {rule.met ? CHECK_MARK : ''}
            </span>
            <span>
              {intl.formatMessage(RULE_LABELS[rule.key] as MessageDescriptor, {
                characters: PASSWORD_SPECIAL_CHARACTERS.split('').join(' '),
              })}
              <span className="sr-only">
                {SPACE}
                {rule.met ? (
                  <FormattedMessage id="ui.passwordChecklist.met" defaultMessage="(met)" />
                ) : (
                  <FormattedMessage id="ui.passwordChecklist.notMet" defaultMessage="(not met)" />
                )}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
