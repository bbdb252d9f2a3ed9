import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import type { ExpensesView } from '#domain/flow/application-view';
import type { SaveExpenses } from '#domain/validation/expenses';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
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

const TITLE = 'Verify Your Household Expenses';
export const PREPARING_OFFER_TEXT = 'Preparing your offer...';
export const NO_EXPENSES_TEXT = 'We have no expense estimates to show yet. Please try again in a moment.';

/** /expenses: the estimated expenses, editable line by line. */
export function Component() {
  return (
    <ApplyPageGate page="Expenses" title={TITLE}>
      {() => <ExpensesLoader />}
    </ApplyPageGate>
  );
}

function ExpensesLoader() {
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
      <ApplyPage page="Expenses" title={TITLE}>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
        <div role="alert" className="mt-6 flex flex-col items-center gap-4 text-center">
          <p className="text-lg text-gray-900">
            {expenses.isError
              ? error instanceof ApiError && error.code === 'NetworkError'
                ? error.message
                : MESSAGES.applicationLoadFailed
              : NO_EXPENSES_TEXT}
          </p>
          <button
            type="button"
            onClick={() => void expenses.refetch()}
            className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            Try again
          </button>
        </div>
      </ApplyPage>
    );
  }
  return <ExpensesForm view={expenses.data} />;
}

function ExpensesForm({ view }: { view: ExpensesView }) {
  const [state, dispatch] = useReducer(expensesReducer, view, initialExpensesState);
  // The lines last sent: a warning's confirmation sends the same lines again, confirmed.
  const [lastSent, setLastSent] = useState<SaveExpenses | null>(null);
  const warning = useBudgetWarning('Revise my expenses');
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
    <ApplyPage page="Expenses" title={TITLE}>
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
      <p className="mt-3 text-gray-700">
        These are your estimated monthly expenses. Edit any amount that does not match what you spend, then
        submit it.
      </p>
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
        <p className="font-semibold text-gray-900">Total monthly expenses</p>
        <p className="text-xl font-bold text-brand-800 tabular-nums">
          {formatDollars(sumSubmitted(state, allKeys))}
        </p>
      </div>
      <RunningBalance income={view.monthlyIncome} expenses={sumAsTyped(state, allKeys)} />
      <p className="mt-3 text-xs text-gray-600">{view.benchmarkSource}</p>
      <form noValidate onSubmit={(event) => void onSaveAndContinue(event)} className="mt-6">
        <SubmitButton busy={busy}>Save and Continue</SubmitButton>
      </form>
      <BusyOverlay show={busy} text={PREPARING_OFFER_TEXT} />
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
  const left = income - expenses;
  return (
    // Sticky at the foot of the screen, so the line stays in sight while a line far up the list is edited.
    <div
      className="sticky bottom-0 z-10 mt-3 rounded-xl border border-gray-200 bg-white px-4 py-3 shadow-md"
      data-testid="running-balance"
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-semibold text-gray-900">Income − expenses</span>
        <output
          aria-live="polite"
          aria-label="Income minus expenses"
          className={`text-xl font-bold tabular-nums ${left < 0 ? 'text-red-700' : 'text-gray-900'}`}
        >
          {formatDollars(left)}
        </output>
      </p>
      <p className="mt-1 text-sm text-gray-600 tabular-nums">
        {formatDollars(income)} monthly income − {formatDollars(expenses)} expenses, as you type
      </p>
    </div>
  );
}
