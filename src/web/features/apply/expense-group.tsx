import { useId, type KeyboardEvent } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { formatMessageRef, type MessageRef } from '#domain/i18n/message';
import { issueMessageRef } from '#domain/validation/issue-messages';
import type { ExpensesView } from '#domain/flow/application-view';
import { expenseLineLimit, expenseLineValueField } from '#domain/validation/expenses';
import { formatDollars } from '#domain/money/cents';
import { CurrencyInput, useCurrencyWarning } from '#web/components/ui/form/currency-field';
import { ERROR_CLASS, INPUT_CLASS } from '#web/components/ui/form/styles';
import type { ExpenseLineKey } from '#domain/i18n/expense-labels';
import { expenseGroupText, expenseLineMessage, expenseLineText } from './expense-labels';

// The editable expense lines of /expenses: a change edits a line's current
// value, a submit records it as the last submitted value, a cancel reverts to the last submitted value.
// All of it stays in the page until Save and Continue, which sends the submitted values.

const M = defineMessages({
  // Ours: Save and Continue found a line with a change that was neither submitted nor cancelled.
  pendingEdit: {
    id: 'apply.expenses.pendingEdit',
    defaultMessage: 'Submit or cancel this change before you continue.',
  },
  cancel: { id: 'apply.expenses.cancel', defaultMessage: 'Cancel' },
  submit: { id: 'apply.expenses.submit', defaultMessage: 'Submit' },
  edit: { id: 'apply.expenses.edit', defaultMessage: 'Edit' },
  cancelAll: { id: 'apply.expenses.cancelAll', defaultMessage: 'Cancel all' },
  submitAll: { id: 'apply.expenses.submitAll', defaultMessage: 'Submit all' },
});

/** The state keeps its messages in English (the reducer has no language); they are translated when shown. */
export const PENDING_EDIT_MESSAGE = String(M.pendingEdit.defaultMessage);

/** A line's message in the page's language: ours, or the domain's, by its id. */
function lineMessage(intl: IntlShape, line: Pick<ExpenseLineState, 'error' | 'errorRef'>): string {
  if (line.error === PENDING_EDIT_MESSAGE) return intl.formatMessage(M.pendingEdit);
  // Every line's label is a message (the server sends its key), so the domain's messages come with their id;
  // the English is what is left for a line the domain would not name.
  return line.errorRef
    ? formatMessageRef(line.errorRef, (descriptor, values) => intl.formatMessage(descriptor, values))
    : (line.error ?? '');
}

export type ExpenseLineState = {
  /** The key of the line's label message (null for a line the domain does not name), and its English. */
  labelKey: ExpenseLineKey | null;
  label: string;
  /** Most whole-dollar digits the line takes: 5, or the housing cost's 6 for rent and mortgage. */
  maxLength: number;
  /** What the input holds (null when emptied). */
  current: number | null;
  /** The last submitted value: what the totals show and what Save and Continue sends. */
  submitted: number;
  editing: boolean;
  /** The line's message in English (what the tests read), and its id when it has one, worded when shown. */
  error?: string;
  errorRef?: MessageRef;
};

/** Lines by lineKey, so a line's state survives regrouping and re-renders. */
export type ExpensesState = Record<string, ExpenseLineState>;

export type ExpensesAction =
  | { type: 'edit'; key: string }
  | { type: 'change'; key: string; value: number | null }
  | { type: 'cancel'; keys: readonly string[] }
  | { type: 'submit'; keys: readonly string[] }
  | { type: 'flagPending'; keys: readonly string[] };

export const lineKey = (line: { category: string; subCategory: string }): string =>
  `${line.category}:${line.subCategory}`;

export function initialExpensesState(view: ExpensesView): ExpensesState {
  const state: ExpensesState = {};
  for (const group of view.groups) {
    for (const line of group.lines) {
      state[lineKey(line)] = {
        labelKey: line.labelKey,
        label: line.label,
        maxLength: expenseLineLimit(line.category, line.subCategory),
        current: line.selfReportedValue,
        submitted: line.selfReportedValue,
        editing: false,
      };
    }
  }
  return state;
}

/** The message for a line's current value, or undefined when it may be submitted ($0 up to its limit). */
export function lineError(
  line: Pick<ExpenseLineState, 'labelKey' | 'label' | 'maxLength' | 'current'>,
): string | undefined {
  return lineProblem(line)?.error;
}

/** The line's message with its id: the label given as its message, so the field's message carries both. */
function lineProblem(
  line: Pick<ExpenseLineState, 'labelKey' | 'label' | 'maxLength' | 'current'>,
): Pick<ExpenseLineState, 'error' | 'errorRef'> | undefined {
  const result = expenseLineValueField(expenseLineMessage(line), line.maxLength).safeParse(
    line.current ?? undefined,
  );
  const issue = result.success ? undefined : result.error.issues[0];
  return issue && { error: issue.message, errorRef: issueMessageRef(issue) };
}

/** The line with the message its current value gives (none when it may be submitted). */
const withProblem = (line: ExpenseLineState): ExpenseLineState => ({
  ...line,
  error: undefined,
  errorRef: undefined,
  ...lineProblem(line),
});

/** The lines among `keys` that are open and would not pass a submit. */
export function invalidKeys(state: ExpensesState, keys: readonly string[]): string[] {
  return keys.filter((key) => {
    const line = state[key];
    return line?.editing === true && lineError(line) !== undefined;
  });
}

/** The open lines holding a change that was neither submitted nor cancelled. */
export function pendingKeys(state: ExpensesState): string[] {
  return Object.keys(state).filter((key) => {
    const line = state[key];
    return line?.editing === true && line.current !== line.submitted;
  });
}

function update(
  state: ExpensesState,
  keys: readonly string[],
  change: (line: ExpenseLineState) => ExpenseLineState,
) {
  const next = { ...state };
  for (const key of keys) {
    const line = next[key];
    if (line) next[key] = change(line);
  }
  return next;
}

export function expensesReducer(state: ExpensesState, action: ExpensesAction): ExpensesState {
  switch (action.type) {
    case 'edit':
      return update(state, [action.key], (line) => ({ ...line, editing: true, current: line.submitted }));
    case 'change':
      // After a failed submit the message follows each change.
      return update(state, [action.key], (line) => {
        const changed = { ...line, current: action.value };
        return line.error === undefined ? changed : withProblem(changed);
      });
    case 'cancel':
      return update(state, action.keys, (line) => ({
        ...line,
        current: line.submitted,
        editing: false,
        error: undefined,
        errorRef: undefined,
      }));
    case 'submit': {
      const open = action.keys.filter((key) => state[key]?.editing);
      const invalid = invalidKeys(state, open);
      // A group submits all its open lines or none, so its total never mixes old and new values by surprise.
      if (invalid.length > 0) {
        return update(state, invalid, withProblem);
      }
      return update(state, open, (line) => ({
        ...line,
        submitted: line.current ?? line.submitted,
        editing: false,
        error: undefined,
        errorRef: undefined,
      }));
    }
    case 'flagPending':
      return update(state, action.keys, (line) => ({
        ...line,
        error: PENDING_EDIT_MESSAGE,
        errorRef: undefined,
      }));
  }
}

export const sumSubmitted = (state: ExpensesState, keys: readonly string[]): number =>
  keys.reduce((total, key) => total + (state[key]?.submitted ?? 0), 0);

/**
 * The expenses as the borrower sees them while typing: an open line counts what its input holds (an emptied
 * input as $0), every other line its submitted value. The running 'income − expenses' line reads this.
 */
export const sumAsTyped = (state: ExpensesState, keys: readonly string[]): number =>
  keys.reduce((total, key) => {
    const line = state[key];
    if (!line) return total;
    return total + (line.editing ? (line.current ?? 0) : line.submitted);
  }, 0);

/** Where the page puts focus after an action: a line's input or its Edit button. */
export type FocusTarget = { key: string; target: 'input' | 'edit' };

export type ExpenseGroupProps = {
  group: ExpensesView['groups'][number];
  state: ExpensesState;
  onEdit: (key: string) => void;
  onChange: (key: string, value: number | null) => void;
  onCancel: (keys: readonly string[]) => void;
  onSubmit: (keys: readonly string[]) => void;
  /** Registers a line's input and Edit button, so the page can move focus to them. */
  registerRef: (target: FocusTarget, node: HTMLElement | null) => void;
};

const SMALL_BUTTON =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const PRIMARY_SMALL = `${SMALL_BUTTON} bg-brand-700 text-white hover:bg-brand-800`;
const SECONDARY_SMALL = `${SMALL_BUTTON} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;

/**
 * One expense group as a card: its label and total, its lines, and, while any of its lines is open, the
 * group's own Cancel and Submit: Submit records every line of the group as its last submitted value (all or
 * none, see the reducer), Cancel reverts every line of the group (docs/decisions/0084).
 */
export function ExpenseGroup({
  group,
  state,
  onEdit,
  onChange,
  onCancel,
  onSubmit,
  registerRef,
}: ExpenseGroupProps) {
  const intl = useIntl();
  const headingId = useId();
  const groupLabel = expenseGroupText(intl, group.category);
  const totalLabel = intl.formatMessage(
    { id: 'apply.expenses.groupTotal', defaultMessage: '{group} total' },
    { group: groupLabel },
  );
  const keys = group.lines.map(lineKey);
  // Each line has its pair, and the group has its own pair for all its lines at once.
  const openLines = keys.filter((key) => state[key]?.editing).length;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white shadow-sm">
      <header className="flex items-baseline justify-between gap-3 border-b border-gray-200 bg-gray-50 px-4 py-3">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {groupLabel}
        </h2>
        <p className="font-semibold text-gray-900 tabular-nums">
          <span className="sr-only">{totalLabel} </span>
          {formatDollars(sumSubmitted(state, keys))}
        </p>
      </header>
      <ul className="divide-y divide-gray-100">
        {group.lines.map((line) => {
          const key = lineKey(line);
          const lineState = state[key];
          if (!lineState) return null;
          return (
            <ExpenseLine
              key={key}
              lineId={key}
              line={lineState}
              onEdit={() => onEdit(key)}
              onChange={(value) => onChange(key, value)}
              onCancel={() => onCancel([key])}
              onSubmit={() => onSubmit([key])}
              registerRef={(target, node) => registerRef({ key, target }, node)}
            />
          );
        })}
      </ul>
      {openLines > 0 && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 px-4 py-3">
          <button
            type="button"
            className={SECONDARY_SMALL}
            onClick={() => onCancel(keys)}
            aria-label={intl.formatMessage(
              { id: 'apply.expenses.cancelAllLabel', defaultMessage: 'Cancel all {group} changes' },
              { group: groupLabel },
            )}
          >
            {intl.formatMessage(M.cancelAll)}
          </button>
          <button
            type="button"
            className={PRIMARY_SMALL}
            onClick={() => onSubmit(keys)}
            aria-label={intl.formatMessage(
              { id: 'apply.expenses.submitAllLabel', defaultMessage: 'Submit all {group} changes' },
              { group: groupLabel },
            )}
          >
            {intl.formatMessage(M.submitAll)}
          </button>
        </div>
      )}
    </section>
  );
}

type ExpenseLineProps = {
  lineId: string;
  line: ExpenseLineState;
  onEdit: () => void;
  onChange: (value: number | null) => void;
  onCancel: () => void;
  onSubmit: () => void;
  registerRef: (target: FocusTarget['target'], node: HTMLElement | null) => void;
};

function ExpenseLine({ lineId, line, onEdit, onChange, onCancel, onSubmit, registerRef }: ExpenseLineProps) {
  const intl = useIntl();
  const label = expenseLineText(intl, line);
  const id = useId();
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const warning = useCurrencyWarning(line.editing ? line.current : null, line.maxLength);
  // In the order of the currency fields: the error, then the warning.
  const describedBy = [line.error && errorId, warning && warningId].filter(Boolean).join(' ') || undefined;
  // Enter and Escape act on the line only: the page's Save and Continue is a separate form.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLInputElement)) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <li data-line={lineId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
      {line.editing ? (
        <>
          <label htmlFor={inputId} className="min-w-0 flex-1 text-gray-900">
            {label}
          </label>
          <div
            onKeyDown={onKeyDown}
            className="flex w-full flex-wrap items-center justify-end gap-2 sm:w-auto"
          >
            <CurrencyInput
              id={inputId}
              ref={(node) => registerRef('input', node)}
              value={line.current}
              onChange={onChange}
              maxLength={line.maxLength}
              aria-invalid={line.error ? true : undefined}
              aria-describedby={describedBy}
              // Marked important: INPUT_CLASS's w-full and mt-1 come later in the stylesheet and would win.
              className={`${INPUT_CLASS} mt-0! w-28! text-right`}
            />
            <button
              type="button"
              className={SECONDARY_SMALL}
              onClick={onCancel}
              aria-label={intl.formatMessage(
                { id: 'apply.expenses.cancelLine', defaultMessage: 'Cancel {line}' },
                { line: label },
              )}
            >
              {intl.formatMessage(M.cancel)}
            </button>
            <button
              type="button"
              className={PRIMARY_SMALL}
              onClick={onSubmit}
              aria-label={intl.formatMessage(
                { id: 'apply.expenses.submitLine', defaultMessage: 'Submit {line}' },
                { line: label },
              )}
            >
              {intl.formatMessage(M.submit)}
            </button>
          </div>
          {warning && (
            <p id={warningId} role="status" className="w-full text-right text-sm text-amber-800">
              {warning}
            </p>
          )}
          {line.error && (
            <p id={errorId} role="alert" className={`${ERROR_CLASS} w-full text-right`}>
              {lineMessage(intl, line)}
            </p>
          )}
        </>
      ) : (
        <>
          <span className="min-w-0 flex-1 text-gray-900">{label}</span>
          <span className="flex items-center gap-2">
            <span className="text-gray-900 tabular-nums">{formatDollars(line.submitted)}</span>
            <button
              type="button"
              ref={(node) => registerRef('edit', node)}
              className={`${SMALL_BUTTON} text-brand-700 underline-offset-2 hover:underline`}
              onClick={onEdit}
              aria-label={intl.formatMessage(
                { id: 'apply.expenses.editLine', defaultMessage: 'Edit {line}' },
                { line: label },
              )}
            >
              {intl.formatMessage(M.edit)}
            </button>
          </span>
        </>
      )}
    </li>
  );
}
