import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import type { EligibleDebtsView, EligibleItemView } from '#domain/flow/application-view';
import { ApiError } from '#web/lib/api';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { formatDollars } from '#domain/money/cents';
import { SITE } from '#domain/site';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { ApplyPage } from './apply-page';
import { applyKeys, eligibleDebtsQuery, removeMissingDebt, saveEligibleDebts } from './api';
import { MissingDebtForm } from './missing-debt-form';
import { ApplyPageGate, useSavePage } from './save-page';
import { LoadFailure } from '#web/components/ui/load-failure';

const TITLE = 'Your eligible debts';
export const INCLUDE_LABEL = 'Include in my plan';
export const NONE_SELECTED_TITLE = 'End your application?';
export const LOADING_DEBTS_TEXT = 'Loading your debts...';
export const NONE_FOUND_TEXT = 'We did not find any eligible debts on your credit report.';

/** Tells visits of the page apart, so each reads its own list (eligibleDebtsQuery). */
let visits = 0;

/** /eligible-debts: choose the debts the plan should cover. */
export function Component() {
  return (
    <ApplyPageGate page="EligibleDebts" title={TITLE}>
      {() => <EligibleDebts />}
    </ApplyPageGate>
  );
}

function EligibleDebts() {
  const [visit] = useState(() => String((visits += 1)));
  const debts = useQuery(eligibleDebtsQuery(visit));
  // Until this visit's own answer arrives: never an empty list, which would say there is nothing to choose.
  if (debts.isPending) return <LoadingScreen text={LOADING_DEBTS_TEXT} />;
  if (debts.isError) {
    // The application moved on (the server says where it stands).
    if (debts.error instanceof ApiError && debts.error.redirect) {
      return <Navigate to={debts.error.redirect} replace />;
    }
    return (
      <ApplyPage page="EligibleDebts" title={TITLE}>
        <LoadFailure error={debts.error} onRetry={() => void debts.refetch()} />
      </ApplyPage>
    );
  }
  return (
    <ApplyPage page="EligibleDebts" title={TITLE}>
      <EligibleDebtsForm items={debts.data.items} visit={visit} />
    </ApplyPage>
  );
}

function EligibleDebtsForm({ items, visit }: { items: EligibleItemView[]; visit: string }) {
  const queryClient = useQueryClient();
  const { save, busy, errorModal } = useSavePage(saveEligibleDebts);
  const [selected, setSelected] = useState(
    () => new Set(items.filter((item) => item.selectedForDebtReduction).map((item) => item.id)),
  );
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removeFailed, setRemoveFailed] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const chosen = items.filter((item) => selected.has(item.id));
  const totalBalance = chosen.reduce((sum, item) => sum + item.currentBalance, 0);
  const totalPayment = chosen.reduce((sum, item) => sum + item.estimatedMonthlyPayment, 0);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** The list the server answered after an add or a remove; a debt just added starts selected. */
  const showList = (view: EligibleDebtsView) => {
    const known = new Set(items.map((item) => item.id));
    const added = view.items.filter((item) => !known.has(item.id) && item.selectedForDebtReduction);
    setSelected((current) => new Set([...current, ...added.map((item) => item.id)]));
    queryClient.setQueryData(applyKeys.eligibleDebts(visit), view);
  };

  const remove = async (item: EligibleItemView) => {
    setRemoveFailed(null);
    try {
      showList(await removeMissingDebt(item.id));
      setSelected((current) => {
        const next = new Set(current);
        next.delete(item.id);
        return next;
      });
    } catch (error) {
      setRemoveFailed(error instanceof Error ? error.message : 'The debt could not be removed.');
    }
  };

  // In the list's order, so the body does not depend on the order of the clicks.
  const send = () => save({ selectedIds: chosen.map((item) => item.id) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // With debts listed but none kept, Continue ends the application: ask first.
    if (items.length > 0 && chosen.length === 0) {
      setConfirming(true);
      return;
    }
    await send();
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
      {items.length === 0 ? (
        <NoneFound />
      ) : (
        <>
          <p className="text-gray-700">
            {items.some((item) => item.isSelfReported)
              ? 'These are the debts we found on your credit report and the ones you added. Keep selected the ones you want included in your Debt Management Plan.'
              : 'We found these debts on your credit report. Keep selected the ones you want included in your Debt Management Plan.'}
          </p>
          <ul className="space-y-3" aria-label="Eligible debts">
            {items.map((item) => (
              <li key={item.id}>
                <DebtTile
                  item={item}
                  checked={selected.has(item.id)}
                  onToggle={() => toggle(item.id)}
                  onRemove={item.isSelfReported ? () => void remove(item) : undefined}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {removeFailed ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {removeFailed}
        </p>
      ) : null}
      {adding ? (
        <MissingDebtForm
          onAdded={(view) => {
            showList(view);
            setAdding(false);
            addButton.current?.focus();
          }}
          onClose={() => {
            setAdding(false);
            addButton.current?.focus();
          }}
        />
      ) : null}
      <button
        ref={addButton}
        type="button"
        hidden={adding}
        onClick={() => setAdding(true)}
        className="min-h-11 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        A debt is missing?
      </button>
      {items.length > 0 ? (
        <dl
          aria-live="polite"
          aria-label="Selected debts"
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-brand-50 px-4 py-3 text-gray-900"
        >
          <dt>Selected debts ({chosen.length})</dt>
          <dd className="text-right font-semibold">{formatDollars(totalBalance)}</dd>
          <dt>Est. monthly payments</dt>
          <dd className="text-right font-semibold">{formatDollars(totalPayment)}</dd>
        </dl>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Continue with the selected debts"
      >
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </form>
      <ConfirmDialog
        open={confirming}
        title={NONE_SELECTED_TITLE}
        description={
          <>
            You have not selected any debt for your plan. Without one we cannot offer you a Debt Management
            Plan, and your application ends here.
          </>
        }
        cancelLabel="Cancel"
        confirmLabel="End my application"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void send();
        }}
      />
      <BusyOverlay show={busy} text="Saving..." />
      {errorModal}
    </div>
  );
}

/**
 * The credit report truly holds nothing the plan can cover (the answer came, and it is empty): what that
 * means, and what the borrower can still do before Continue ends the application.
 */
function NoneFound() {
  return (
    <section
      aria-labelledby="none-found-title"
      className="space-y-2 rounded-lg border border-dashed border-gray-300 bg-gray-50 p-6 text-gray-700"
    >
      <h2 id="none-found-title" className="font-semibold text-gray-900">
        {NONE_FOUND_TEXT}
      </h2>
      <p>
        A Debt Management Plan covers unsecured debts, such as credit cards, personal loans and debts in
        collection. Your credit report shows none we can include, so on this report alone we cannot offer you
        a plan.
      </p>
      <p>
        If you owe a debt like that and it is not listed, add it with “A debt is missing?” below. Questions?
        Call us at{' '}
        <a
          href={`tel:${SITE.phone.tel}`}
          className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2"
        >
          {SITE.phone.display}
        </a>{' '}
        ({SITE.hours}).
      </p>
      <p>If you select Continue without adding a debt, your application ends here and we explain why.</p>
    </section>
  );
}

function DebtTile({
  item,
  checked,
  onToggle,
  onRemove,
}: {
  item: EligibleItemView;
  checked: boolean;
  onToggle: () => void;
  /** Only for a debt the borrower added. */
  onRemove?: () => void;
}) {
  const id = `debt-${item.id}`;
  return (
    <div className="rounded-lg border border-gray-300 px-4 py-3 has-checked:border-brand-600 has-checked:bg-brand-50/50">
      <p id={`${id}-name`} className="font-semibold break-words text-gray-900">
        {item.creditorName}
        {item.accountNumberLast4 ? (
          <span className="font-normal text-gray-700"> ...{item.accountNumberLast4}</span>
        ) : null}
      </p>
      <div id={`${id}-details`} className="text-sm text-gray-700">
        {item.kind === 'collection' && item.originalCreditorName && (
          <p>Original creditor: {item.originalCreditorName}</p>
        )}
        {item.accountTypeName && <p>{item.accountTypeName}</p>}
        {item.isSelfReported && (
          <p className="font-medium text-amber-800">Added by you: a counsellor will check it</p>
        )}
        <dl className="mt-2 grid grid-cols-2 gap-x-4 sm:max-w-sm">
          <dt>Balance</dt>
          <dd className="text-right font-medium text-gray-900">{formatDollars(item.currentBalance)}</dd>
          <dt>Est. monthly payment</dt>
          <dd className="text-right font-medium text-gray-900">
            {formatDollars(item.estimatedMonthlyPayment)}
          </dd>
        </dl>
      </div>
      <div className="mt-2 flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={onToggle}
          // Read as 'Capital One ...1234 Include in my plan', with the amounts as its description.
          aria-labelledby={`${id}-name ${id}-label`}
          aria-describedby={`${id}-details`}
          className="size-5 shrink-0 rounded border-gray-400 accent-brand-600"
        />
        <label id={`${id}-label`} htmlFor={id} className="cursor-pointer text-gray-900">
          {INCLUDE_LABEL}
        </label>
        {onRemove ? (
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${item.creditorName}`}
            className="ml-auto min-h-11 px-2 font-semibold text-red-700 underline underline-offset-2 hover:text-red-800"
          >
            Remove
          </button>
        ) : null}
      </div>
    </div>
  );
}
