import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router';
import type { EligibleDebtsView, EligibleItemView } from '#domain/flow/application-view';
import { hasCompleted } from '#domain/flow/page-order';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { ApiError } from '#web/lib/api';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { formatDollars } from '#domain/money/cents';
import { ACCOUNT_TYPE_MESSAGES } from '#domain/underwriting/account-type-messages';
import { SITE } from '#domain/site';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { ApplyPage } from './apply-page';
import {
  applyKeys,
  eligibleDebtsQuery,
  removeMissingDebt,
  saveEligibleDebts,
  takeEligibleDebtsVisit,
} from './api';
import { MissingDebtForm } from './missing-debt-form';
import { ApplyPageGate, useSavePage } from './save-page';
import type { ApplicationView } from './application-query';
import { LoadFailure } from '#web/components/ui/load-failure';

/** The page's title, in the page's language. */
function useTitle() {
  return useIntl().formatMessage({ id: 'apply.debts.title', defaultMessage: 'Your eligible debts' });
}
// The English of two messages below, for the tests.
export const LOADING_DEBTS_TEXT = 'Loading your debts...';
export const NONE_FOUND_TEXT = 'We did not find any eligible debts on your credit report.';

/** /eligible-debts: choose the debts the plan should cover. */
export function Component() {
  const title = useTitle();
  return (
    <ApplyPageGate page="EligibleDebts" title={title}>
      {(application) => <EligibleDebts application={application} />}
    </ApplyPageGate>
  );
}

function EligibleDebts({ application }: { application: ApplicationView }) {
  // Each visit reads its own list (eligibleDebtsQuery); the credit save that led here has usually started it
  // already, while this page's script and the application were still on their way.
  const { state } = useLocation();
  const [visit] = useState(() => takeEligibleDebtsVisit(state));
  const debts = useQuery(eligibleDebtsQuery(visit));
  const intl = useIntl();
  const title = useTitle();
  // Until this visit's own answer arrives: never an empty list, which would say there is nothing to choose.
  if (debts.isPending) {
    return (
      <LoadingScreen
        text={intl.formatMessage({ id: 'apply.debts.loading', defaultMessage: 'Loading your debts...' })}
      />
    );
  }
  if (debts.isError) {
    // The application moved on (the server says where it stands).
    if (debts.error instanceof ApiError && debts.error.redirect) {
      return <Navigate to={debts.error.redirect} replace />;
    }
    return (
      <ApplyPage page="EligibleDebts" title={title}>
        <LoadFailure error={debts.error} onRetry={() => void debts.refetch()} />
      </ApplyPage>
    );
  }
  return (
    <ApplyPage page="EligibleDebts" title={title}>
      <EligibleDebtsForm items={debts.data.items} visit={visit} application={application} />
    </ApplyPage>
  );
}

function EligibleDebtsForm(o: { items: EligibleItemView[]; visit: string; application: ApplicationView }) {
  const { items, visit } = o;
  const queryClient = useQueryClient();
  const intl = useIntl();
  const title = useTitle();
  const [selected, setSelected] = useState(
    () => new Set(items.filter((item) => item.selectedForDebtReduction).map((item) => item.id)),
  );
  // The list holds each item's saved selection (a debt added or removed here is saved at once): changed means
  // a tick differs from it.
  const changed = items.some((item) => selected.has(item.id) !== item.selectedForDebtReduction);
  const chosen = items.filter((item) => selected.has(item.id));
  const { save, busy, errorModal } = useSavePage(saveEligibleDebts, {
    // Saved with at least one debt kept, the page always leads to the income. With none kept it ends the
    // application, which the server does; and a page saved before with none kept has already ended it.
    unchanged: {
      completed: hasCompleted(o.application.lastCompletedPage, 'EligibleDebts') && chosen.length > 0,
      next: PAGE_ROUTES.ProvideMonthlyIncome,
      changed,
    },
  });
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removeFailed, setRemoveFailed] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
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
      setRemoveFailed(
        error instanceof Error
          ? error.message
          : intl.formatMessage({
              id: 'apply.debts.removeFailed',
              defaultMessage: 'The debt could not be removed.',
            }),
      );
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
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
      {items.length === 0 ? (
        <NoneFound />
      ) : (
        <>
          <p className="text-gray-700">
            {items.some((item) => item.isSelfReported) ? (
              <FormattedMessage
                id="apply.debts.introWithAdded"
                defaultMessage="These are the debts we found on your credit report and the ones you added. Keep selected the ones you want included in your Debt Management Plan."
              />
            ) : (
              <FormattedMessage
                id="apply.debts.intro"
                defaultMessage="We found these debts on your credit report. Keep selected the ones you want included in your Debt Management Plan."
              />
            )}
          </p>
          <ul
            className="space-y-3"
            aria-label={intl.formatMessage({ id: 'apply.debts.listLabel', defaultMessage: 'Eligible debts' })}
          >
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
        <FormattedMessage id="apply.debts.missing" defaultMessage="A debt is missing?" />
      </button>
      {items.length > 0 ? (
        <dl
          aria-live="polite"
          aria-label={intl.formatMessage({
            id: 'apply.debts.selectedLabel',
            defaultMessage: 'Selected debts',
          })}
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-brand-50 px-4 py-3 text-gray-900"
        >
          <dt>
            <FormattedMessage
              id="apply.debts.selectedCount"
              defaultMessage="Selected debts ({count})"
              values={{ count: chosen.length }}
            />
          </dt>
          <dd className="text-right font-semibold">{formatDollars(totalBalance)}</dd>
          <dt>
            <FormattedMessage id="apply.debts.totalMonthly" defaultMessage="Est. monthly payments" />
          </dt>
          <dd className="text-right font-semibold">{formatDollars(totalPayment)}</dd>
        </dl>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label={intl.formatMessage({
          id: 'apply.debts.continueLabel',
          defaultMessage: 'Continue with the selected debts',
        })}
      >
        <SubmitButton busy={busy}>
          <FormattedMessage id="apply.debts.continue" defaultMessage="Continue" />
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage({ id: 'apply.debts.endTitle', defaultMessage: 'End your application?' })}
        description={
          <FormattedMessage
            id="apply.debts.endText"
            defaultMessage="You have not selected any debt for your plan. Without one we cannot offer you a Debt Management Plan, and your application ends here."
          />
        }
        cancelLabel={intl.formatMessage({ id: 'apply.debts.endCancel', defaultMessage: 'Cancel' })}
        confirmLabel={intl.formatMessage({
          id: 'apply.debts.endConfirm',
          defaultMessage: 'End my application',
        })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void send();
        }}
      />
      <BusyOverlay
        show={busy}
        text={intl.formatMessage({ id: 'apply.debts.saving', defaultMessage: 'Saving...' })}
      />
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
        <FormattedMessage
          id="apply.debts.noneFound"
          defaultMessage="We did not find any eligible debts on your credit report."
        />
      </h2>
      <p>
        <FormattedMessage
          id="apply.debts.noneFoundCovers"
          defaultMessage="A Debt Management Plan covers unsecured debts, such as credit cards, personal loans and debts in collection. Your credit report shows none we can include, so on this report alone we cannot offer you a plan."
        />
      </p>
      <p>
        <FormattedMessage
          id="apply.debts.noneFoundAdd"
          defaultMessage="If you owe a debt like that and it is not listed, add it with “A debt is missing?” below. Questions? Call us at {phone} ({hours})."
          values={{
            phone: (
              <a
                href={`tel:${SITE.phone.tel}`}
                className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2"
              >
                {SITE.phone.display}
              </a>
            ),
            // The office hours (SITE.hours), written out in the page's language.
            hours: <FormattedMessage id="footer.hours" defaultMessage="Monday - Friday 9AM - 5PM EST" />,
          }}
        />
      </p>
      <p>
        <FormattedMessage
          id="apply.debts.noneFoundEnds"
          defaultMessage="If you select Continue without adding a debt, your application ends here and we explain why."
        />
      </p>
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
  const intl = useIntl();
  const id = `debt-${item.id}`;
  return (
    <div className="rounded-lg border border-gray-300 px-4 py-3 has-checked:border-brand-600 has-checked:bg-brand-50/50">
      <p id={`${id}-name`} className="font-semibold break-words text-gray-900">
        {item.accountNumberLast4 ? (
          <FormattedMessage
            id="apply.debts.nameWithAccount"
            // The creditor's name and the last four digits of the account number.
            defaultMessage="{name}<light> ...{last4}</light>"
            values={{
              name: item.creditorName,
              last4: item.accountNumberLast4,
              light: (chunks) => <span className="font-normal text-gray-700">{chunks}</span>,
            }}
          />
        ) : (
          item.creditorName
        )}
      </p>
      <div id={`${id}-details`} className="text-sm text-gray-700">
        {item.kind === 'collection' && item.originalCreditorName && (
          <p>
            <FormattedMessage
              id="apply.debts.originalCreditor"
              defaultMessage="Original creditor: {name}"
              values={{ name: item.originalCreditorName }}
            />
          </p>
        )}
        {item.accountType && <p>{intl.formatMessage(ACCOUNT_TYPE_MESSAGES[item.accountType])}</p>}
        {item.isSelfReported && (
          <p className="font-medium text-amber-800">
            <FormattedMessage
              id="apply.debts.addedByYou"
              defaultMessage="Added by you: a counsellor will check it"
            />
          </p>
        )}
        <dl className="mt-2 grid grid-cols-2 gap-x-4 sm:max-w-sm">
          <dt>
            <FormattedMessage id="apply.debts.balance" defaultMessage="Balance" />
          </dt>
          <dd className="text-right font-medium text-gray-900">{formatDollars(item.currentBalance)}</dd>
          <dt>
            <FormattedMessage id="apply.debts.monthlyPayment" defaultMessage="Est. monthly payment" />
          </dt>
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
          <FormattedMessage id="apply.debts.include" defaultMessage="Include in my plan" />
        </label>
        {onRemove ? (
          <button
            type="button"
            onClick={onRemove}
            aria-label={intl.formatMessage(
              { id: 'apply.debts.removeLabel', defaultMessage: 'Remove {name}' },
              { name: item.creditorName },
            )}
            className="ml-auto min-h-11 px-2 font-semibold text-red-700 underline underline-offset-2 hover:text-red-800"
          >
            <FormattedMessage id="apply.debts.remove" defaultMessage="Remove" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
