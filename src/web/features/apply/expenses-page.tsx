import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Navigate } from 'react-router';
import type { ExpensesView } from '#domain/flow/application-view';
import type { SaveExpenses } from '#domain/validation/expenses';
import { FIXED } from '#domain/i18n/validation-messages';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { formatDollars } from '#domain/money/cents';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { ApplyPage } from './apply-page';
import { useBudgetWarning } from './budget-warning';
import { expensesQuery, saveExpenses } from './api';
import {
  ExpenseGroup,
  expensesReducer,
  initialExpensesState,
  invalidKeys,
  lineKey,
  pendingKeys,
  sumAsTyped,
  sumSubmitted,
  type FocusTarget,
} from './expense-group';
import { ApplyPageGate, useSavePage } from './save-page';

const M = defineMessages({
  title: { id: 'apply.expenses.title', defaultMessage: 'Verify Your Household Expenses' },
  preparingOffer: { id: 'apply.expenses.preparingOffer', defaultMessage: 'Preparing your offer...' },
  noExpenses: {
    id: 'apply.expenses.noExpenses',
    defaultMessage: 'We have no expense estimates to show yet. Please try again in a moment.',
  },
  tryAgain: { id: 'apply.expenses.tryAgain', defaultMessage: 'Try again' },
  intro: {
    id: 'apply.expenses.intro',
    defaultMessage:
      'These are your estimated monthly expenses. Edit any amount that does not match what you spend, then submit it.',
  },
  total: { id: 'apply.expenses.total', defaultMessage: 'Total monthly expenses' },
  saveAndContinue: { id: 'apply.expenses.saveAndContinue', defaultMessage: 'Save and Continue' },
  revise: { id: 'apply.expenses.revise', defaultMessage: 'Revise my expenses' },
  incomeMinusExpenses: { id: 'apply.expenses.incomeMinusExpenses', defaultMessage: 'Income − expenses' },
  incomeMinusExpensesLabel: {
    id: 'apply.expenses.incomeMinusExpensesLabel',
    defaultMessage: 'Income minus expenses',
  },
});
export const PREPARING_OFFER_TEXT = String(M.preparingOffer.defaultMessage);
export const NO_EXPENSES_TEXT = String(M.noExpenses.defaultMessage);

const BENCHMARK_SOURCE =
  /^Estimates based on the US Bureau of Labor Statistics Consumer Expenditure Survey (\d{4}) and the IRS out-of-pocket health care standard, adjusted for your household\.$/;

/** The domain's EXPENSE_BENCHMARK_SOURCE (with the survey's year) in the page's language; else as it is. */
function benchmarkSourceText(intl: IntlShape, english: string): string {
  const match = BENCHMARK_SOURCE.exec(english);
  if (!match) return english;
  return intl.formatMessage(
    {
      id: 'apply.expenses.benchmarkSource',
      defaultMessage:
        'Estimates based on the US Bureau of Labor Statistics Consumer Expenditure Survey {year} and the IRS out-of-pocket health care standard, adjusted for your household.',
    },
    { year: match[1] },
  );
}

/** /expenses: the estimated expenses, editable line by line. */
export function Component() {
  const title = useIntl().formatMessage(M.title);
  return (
    <ApplyPageGate page="Expenses" title={title}>
      {() => <ExpensesLoader />}
    </ApplyPageGate>
  );
}

function ExpensesLoader() {
  const intl = useIntl();
  const title = intl.formatMessage(M.title);
  const expenses = useQuery({
    ...expensesQuery(),
    // Edits live in the page until Save and Continue; a background refetch must not look like a reset.
    refetchOnWindowFocus: false,
  });
  if (expenses.isPending) return <LoadingScreen />;
  const error = expenses.error;
  if (error instanceof ApiError && error.redirect) return <Navigate to={error.redirect} replace />;
  if (expenses.isError || expenses.data.groups.length === 0) {
    return (
      <ApplyPage page="Expenses" title={title}>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
        <div role="alert" className="mt-6 flex flex-col items-center gap-4 text-center">
          <p className="text-lg text-gray-900">
            {expenses.isError
              ? error instanceof ApiError && error.code === 'NetworkError'
                ? apiErrorText(intl, error)
                : intl.formatMessage(FIXED.applicationLoadFailed)
              : intl.formatMessage(M.noExpenses)}
          </p>
          <button
            type="button"
            onClick={() => void expenses.refetch()}
            className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            {intl.formatMessage(M.tryAgain)}
          </button>
        </div>
      </ApplyPage>
    );
  }
  return <ExpensesForm view={expenses.data} />;
}

function ExpensesForm({ view }: { view: ExpensesView }) {
  const intl = useIntl();
  const title = intl.formatMessage(M.title);
  const [state, dispatch] = useReducer(expensesReducer, view, initialExpensesState);
  // The lines last sent: a warning's confirmation sends the same lines again, confirmed.
  const [lastSent, setLastSent] = useState<SaveExpenses | null>(null);
  const warning = useBudgetWarning(intl.formatMessage(M.revise));
  const { save, busy, errorModal } = useSavePage(saveExpenses, { onError: warning.onError });
  const allKeys = view.groups.flatMap((group) => group.lines.map(lineKey));

  // Focus follows the action (the opened input, the first line in error, the Edit button of a closed line).
  const nodes = useRef(new Map<string, HTMLElement>());
  const focusNext = useRef<FocusTarget | null>(null);
  const registerRef = ({ key, target }: FocusTarget, node: HTMLElement | null) => {
    if (node) nodes.current.set(`${target}:${key}`, node);
    else nodes.current.delete(`${target}:${key}`);
  };
  useLayoutEffect(() => {
    const request = focusNext.current;
    if (!request) return;
    focusNext.current = null;
    nodes.current.get(`${request.target}:${request.key}`)?.focus();
  });

  const onEdit = (key: string) => {
    focusNext.current = { key, target: 'input' };
    dispatch({ type: 'edit', key });
  };
  const onCancel = (keys: readonly string[]) => {
    const first = keys.find((key) => state[key]?.editing);
    if (first) focusNext.current = { key: first, target: 'edit' };
    dispatch({ type: 'cancel', keys });
  };
  const onSubmit = (keys: readonly string[]) => {
    const invalid = invalidKeys(state, keys);
    const first = invalid[0] ?? keys.find((key) => state[key]?.editing);
    if (first) focusNext.current = { key: first, target: invalid.length > 0 ? 'input' : 'edit' };
    dispatch({ type: 'submit', keys });
  };

  const onSaveAndContinue = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const pending = pendingKeys(state);
    if (pending[0]) {
      focusNext.current = { key: pending[0], target: 'input' };
      dispatch({ type: 'flagPending', keys: pending });
      return;
    }
    const body: SaveExpenses = {
      lines: view.groups.flatMap((group) =>
        group.lines.map((line) => ({
          category: line.category,
          subCategory: line.subCategory,
          selfReportedValue: state[lineKey(line)]?.submitted ?? line.selfReportedValue,
        })),
      ),
    };
    setLastSent(body);
    await save(body);
  };

  return (
    <ApplyPage page="Expenses" title={title}>
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 text-gray-700">{intl.formatMessage(M.intro)}</p>
      <div className="mt-6 space-y-4">
        {view.groups.map((group) => (
          <ExpenseGroup
            key={group.category}
            group={group}
            state={state}
            onEdit={onEdit}
            onChange={(key, value) => dispatch({ type: 'change', key, value })}
            onCancel={onCancel}
            onSubmit={onSubmit}
            registerRef={registerRef}
          />
        ))}
      </div>
      <div className="mt-6 flex items-baseline justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3">
        <p className="font-semibold text-gray-900">{intl.formatMessage(M.total)}</p>
        <p className="text-xl font-bold text-brand-800 tabular-nums">
          {formatDollars(sumSubmitted(state, allKeys))}
        </p>
      </div>
      <RunningBalance income={view.monthlyIncome} expenses={sumAsTyped(state, allKeys)} />
      <p className="mt-3 text-xs text-gray-600">{benchmarkSourceText(intl, view.benchmarkSource)}</p>
      <form noValidate onSubmit={(event) => void onSaveAndContinue(event)} className="mt-6">
        <SubmitButton busy={busy}>{intl.formatMessage(M.saveAndContinue)}</SubmitButton>
      </form>
      <BusyOverlay show={busy} text={intl.formatMessage(M.preparingOffer)} />
      {warning.dialog((code) => {
        if (!lastSent) return;
        void save({
          ...lastSent,
          ...(code === 'WouldDisqualify' ? { confirmDisqualification: true } : { acceptThinBudget: true }),
        });
      })}
      {errorModal}
    </ApplyPage>
  );
}

/** The running 'income − expenses' line: follows each keystroke, submitted or not. */
function RunningBalance({ income, expenses }: { income: number; expenses: number }) {
  const intl = useIntl();
  const left = income - expenses;
  return (
    // Sticky at the foot of the screen, so the line stays in sight while a line far up the list is edited.
    <div
      className="sticky bottom-0 z-10 mt-3 rounded-xl border border-gray-200 bg-white px-4 py-3 shadow-md"
      data-testid="running-balance"
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-semibold text-gray-900">{intl.formatMessage(M.incomeMinusExpenses)}</span>
        <output
          aria-live="polite"
          aria-label={intl.formatMessage(M.incomeMinusExpensesLabel)}
          className={`text-xl font-bold tabular-nums ${left < 0 ? 'text-red-700' : 'text-gray-900'}`}
        >
          {formatDollars(left)}
        </output>
      </p>
      <p className="mt-1 text-sm text-gray-600 tabular-nums">
        <FormattedMessage
          id="apply.expenses.asYouType"
          defaultMessage="{income} monthly income − {expenses} expenses, as you type"
          values={{ income: formatDollars(income), expenses: formatDollars(expenses) }}
        />
      </p>
    </div>
  );
}
