import { ChoiceField } from './choice-field';

const CHOICES = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const;

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
  return (
    <ChoiceField
      name={name}
      legend={question}
      choices={CHOICES}
      onChoose={onAnswer}
      hint={hint}
      disabled={disabled}
      className={className}
    />
  );
}
