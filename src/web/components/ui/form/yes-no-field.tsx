import { defineMessages, useIntl } from 'react-intl';
import { ChoiceField } from './choice-field';

const ANSWERS = defineMessages({
  yes: { id: 'ui.yesNo.yes', defaultMessage: 'Yes' },
  no: { id: 'ui.yesNo.no', defaultMessage: 'No' },
});

export type YesNoFieldProps = {
  name: string;
  /** The question, shown as the group's legend (and in its message '{question} is required'). */
  question: string;
  /** Called after the answer changes, e.g. to clear a follow-up answer on No. */
  onAnswer?: (answer: boolean) => void;
  /** Says when a question shown disabled is asked. */
  hint?: string;
  disabled?: boolean;
  className?: string;
};

/** A Yes/No question stored as a boolean: two radio tiles in a fieldset whose legend is the question. */
export function YesNoField({ name, question, onAnswer, hint, disabled, className }: YesNoFieldProps) {
  const intl = useIntl();
  const choices = [
    { value: true, label: intl.formatMessage(ANSWERS.yes) },
    { value: false, label: intl.formatMessage(ANSWERS.no) },
  ] as const;
  return (
    <ChoiceField
      name={name}
      legend={question}
      choices={choices}
      onChoose={onAnswer}
      hint={hint}
      disabled={disabled}
      className={className}
    />
  );
}
