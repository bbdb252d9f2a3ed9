import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  BankHistoryView,
  IncomeConnectionView,
  LinkTokenView,
  PaymentAccountsView,
  ProvidePaymentAccountInput,
  ReasonForNotConnectingBank,
  SubmittedView,
} from '#domain/enrollment/views';
import type {
  AcceptOffersInput,
  AddressSuggestionsView,
  ApplicationView,
  BudgetView,
  EligibleDebtsView,
  ExpensesView,
  OffersView,
} from '#domain/flow/application-view';
import type {
  BudgetInput,
  ConfirmIncome,
  CreditConsent,
  EligibleDebtsInput,
  Hardships,
  MissingDebtInput,
  Household,
  NotifyWhenEligible,
  ProvideIncome,
} from '#domain/validation/application';
import type { SaveExpenses } from '#domain/validation/expenses';
import type { GuardedPage } from '#domain/flow/page-order';
import { api, networkError } from '#web/lib/api';
import type { Reapply } from '#domain/flow/reapply';

// The application flow's server calls and the keys its reads are cached under. Every read of the flow hangs
// under the application key, so invalidating applyKeys.application() after a save refreshes them all.

/** Where a save sends the borrower next: the server decides. */
export type NextAnswer = { next: string };

const APPLICATION_KEY = ['application'] as const;

export const applyKeys = {
  application: () => APPLICATION_KEY,
  offers: () => [...APPLICATION_KEY, 'offers'] as const,
  budget: () => [...APPLICATION_KEY, 'budget'] as const,
  /** One list per visit of /eligible-debts (see eligibleDebtsQuery). */
  eligibleDebts: (visit: string) => [...APPLICATION_KEY, 'eligible-debts', visit] as const,
  expenses: () => [...APPLICATION_KEY, 'expenses'] as const,
  paymentAccounts: () => [...APPLICATION_KEY, 'payment-accounts'] as const,
  bankHistory: () => [...APPLICATION_KEY, 'bank-history'] as const,
  submitted: () => [...APPLICATION_KEY, 'submitted'] as const,
  addressSuggestions: (query: string) => ['address-suggestions', query] as const,
};

// The URLs the component tests also read (through the pages that use them).
export const ACCOUNTS_PATH = '/api/application/payments/accounts';
export const CONFIRM_PATH = '/api/application/payments/confirm-payment-account';
export const DRAFT_DAY_PATH = '/api/application/payments/draft-day';
export const PAYMENT_ACCOUNT_PATH = '/api/application/payments/payment-account';
export const MANUAL_CHOICE_PATH = '/api/application/payments/manual-choice';
export const NEXT_STEPS_PATH = '/api/application/payments/next-steps';
export const BANK_CONNECTIONS_PATH = '/api/application/bank-connections';
export const LINK_TOKEN_PATH = '/api/bank-link/link-token';
export const INCOME_BANK_CONNECTIONS_PATH = '/api/application/income/bank-connections';
export const BANK_HISTORY_PATH = '/api/application/income/bank-history';
/** How often the income step asks whether the connected bank's history has arrived, while it is read. */
export const BANK_HISTORY_POLL_MS = 3_000;
export const SUBMITTED_PATH = '/api/application/submitted';
export const RESEND_PATH = '/api/application/submitted/resend';

// ------------------------------------------------------------------ reads

export const applicationQuery = () =>
  queryOptions({
    queryKey: applyKeys.application(),
    queryFn: () => api<ApplicationView>('/api/application'),
  });

/**
 * The bank connected at the income step and whether its history is read yet; asked again every few seconds
 * while it is being read ('reading'), and no more once it is 'ready' or 'timed-out'.
 */
export const bankHistoryQuery = () =>
  queryOptions({
    queryKey: applyKeys.bankHistory(),
    queryFn: () => api<BankHistoryView>(BANK_HISTORY_PATH),
    refetchInterval: (query) =>
      query.state.data?.historyStatus === 'reading' ? BANK_HISTORY_POLL_MS : false,
  });

export const offersQuery = () =>
  queryOptions({
    queryKey: applyKeys.offers(),
    queryFn: () => api<OffersView>('/api/application/offers'),
  });

export const budgetQuery = () =>
  queryOptions({
    queryKey: applyKeys.budget(),
    queryFn: () => api<BudgetView>('/api/application/budget'),
  });

/**
 * The eligible debts, read afresh for each visit of the page (`visit` tells visits apart). A list read
 * earlier, or a read already on its way when the borrower arrived, may predate the credit pull and be empty
 * or short; under a key of its own the page waits for a read started for this visit: by the page itself, or by
 * the credit save that led here (prefetchEligibleDebts), once the pull was stored.
 */
export const eligibleDebtsQuery = (visit: string) =>
  queryOptions({
    queryKey: applyKeys.eligibleDebts(visit),
    // Read once per visit (a list handed over by the credit save is as new as any); the page's own adds and
    // removes write their answers into it.
    staleTime: Infinity,
    queryFn: async () => {
      const view = await api<EligibleDebtsView>(ELIGIBLE_DEBTS_PATH);
      // An answer without its list is no answer (the page would have nothing to draw): a failed read, which
      // is retried, then offered to try again.
      if (!Array.isArray((view as Partial<EligibleDebtsView> | null)?.items)) throw networkError();
      return view;
    },
  });

export const ELIGIBLE_DEBTS_PATH = '/api/application/eligible-debts';

let eligibleDebtsVisits = 0;
/** A new visit of /eligible-debts, which reads its own list. */
export const newEligibleDebtsVisit = () => String((eligibleDebtsVisits += 1));

/** Visits whose list a save has started reading, not yet taken by the page the save led to. */
const handedVisits = new Set<string>();

/** What a save hands to /eligible-debts through the navigation's state: the visit whose list is on its way. */
export type EligibleDebtsHandOver = { eligibleDebtsVisit: string };

/**
 * Starts reading the list for the visit of /eligible-debts that the credit save has just led to, while the
 * application is read again and the page's script arrives, instead of after them; returns the navigation
 * state that hands this read to the page. Started once the save answered, so after the pull was stored.
 */
export function prefetchEligibleDebts(queryClient: QueryClient): EligibleDebtsHandOver {
  const visit = newEligibleDebtsVisit();
  handedVisits.add(visit);
  // With the page's own retry (a prefetch alone retries nothing): the page joins this read, it does not start
  // another, so a dropped connection is tried again here.
  void queryClient.prefetchQuery({
    ...eligibleDebtsQuery(visit),
    retry: queryClient.getDefaultOptions().queries?.retry,
  });
  return { eligibleDebtsVisit: visit };
}

/**
 * The visit a page of /eligible-debts reads: the one its arrival was handed (`state`, the navigation's), the
 * first time only; otherwise a new one. Taken once, so coming back to the same history entry later (the
 * browser's Back) reads the list again rather than showing the one read on the first arrival.
 */
export function takeEligibleDebtsVisit(state: unknown): string {
  const handed = (state as Partial<EligibleDebtsHandOver> | null | undefined)?.eligibleDebtsVisit;
  if (typeof handed === 'string' && handedVisits.delete(handed)) return handed;
  return newEligibleDebtsVisit();
}

export const expensesQuery = () =>
  queryOptions({
    queryKey: applyKeys.expenses(),
    queryFn: () => api<ExpensesView>('/api/application/expenses'),
  });

export const paymentAccountsQuery = () =>
  queryOptions({
    queryKey: applyKeys.paymentAccounts(),
    queryFn: () => api<PaymentAccountsView>(ACCOUNTS_PATH),
  });

export const submittedQuery = () =>
  queryOptions({
    queryKey: applyKeys.submitted(),
    queryFn: () => api<SubmittedView>(SUBMITTED_PATH),
  });

export const addressSuggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: applyKeys.addressSuggestions(query),
    queryFn: () => api<AddressSuggestionsView>(`/api/address-suggestions?query=${encodeURIComponent(query)}`),
  });

// ------------------------------------------------------------------ the flow's pages (PUT, answered with next)

const putPage =
  <TBody>(path: string) =>
  (body: TBody) =>
    api<NextAnswer>(path, { method: 'PUT', body });

export const saveHardships = putPage<Hardships>('/api/application/hardships');
export const saveHousehold = putPage<Household>('/api/application/household');
export const saveCredit = putPage<CreditConsent>('/api/application/credit');
export const saveEligibleDebts = putPage<EligibleDebtsInput>(ELIGIBLE_DEBTS_PATH);
export const saveIncome = putPage<ProvideIncome>('/api/application/income');
export const saveConfirmIncome = putPage<ConfirmIncome>('/api/application/confirm-income');
export const VIEWED_PAGE_PATH = '/api/application/viewed-page';
/** Records a page of the application's first part as the last viewed one (see shouldRecordView). */
export const recordViewedPage = (page: GuardedPage) =>
  api<void>(VIEWED_PAGE_PATH, { method: 'PUT', body: { page } });
export const saveNotifyWhenEligible = putPage<NotifyWhenEligible>('/api/application/notify-when-eligible');
export const saveExpenses = putPage<SaveExpenses>('/api/application/expenses');
export const saveBudget = putPage<BudgetInput>('/api/application/budget');
export const saveManualChoice = putPage<{ reasonForNotConnectingBank: ReasonForNotConnectingBank }>(
  MANUAL_CHOICE_PATH,
);

/** 'A debt is missing?': answers the list with the added debt. */
export const MISSING_DEBT_PATH = '/api/application/eligible-debts/missing';
export const addMissingDebt = (body: MissingDebtInput) =>
  api<EligibleDebtsView>(MISSING_DEBT_PATH, { method: 'POST', body });
export const removeMissingDebt = (id: string) =>
  api<EligibleDebtsView>(`${MISSING_DEBT_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });

// ------------------------------------------------------------------ steps that move the application on

/** Accept my plan on /offers/review: the offers left out, the draft day and the agreement. */
export const acceptOffers = (body: AcceptOffersInput) =>
  api<NextAnswer>('/api/application/offers/accept', { method: 'POST', body });

/** Apply again after a refusal: a new application on the same account (the old one is kept). */
export const reapply = (body: Reapply) =>
  api<NextAnswer>('/api/application/reapply', { method: 'POST', body });

/** Every offer left out, after the borrower confirmed it: no plan, the not-qualified outcome. */
export const leaveOutAllOffers = () =>
  api<NextAnswer>('/api/application/offers/leave-all-out', { method: 'POST' });

export const continueFromNextSteps = () => api<NextAnswer>(NEXT_STEPS_PATH, { method: 'POST' });

/** The bank that pays the plan, connected through the bank-link widget. */
export const connectPaymentBank = (body: { publicToken: string }) =>
  api<NextAnswer>(BANK_CONNECTIONS_PATH, { method: 'POST', body });

export const confirmPaymentAccount = (body: { plaidAccountId: string }) =>
  api<NextAnswer>(CONFIRM_PATH, { method: 'PUT', body });

/** Moves the plan's drafts to another day of the month (before the letter is made). */
export const chooseDraftDay = (body: { draftDay: number }) =>
  api<{ draftDay: number }>(DRAFT_DAY_PATH, { method: 'PUT', body });

export const providePaymentAccount = (body: ProvidePaymentAccountInput) =>
  api<NextAnswer>(PAYMENT_ACCOUNT_PATH, { method: 'PUT', body });

// ------------------------------------------------------------------ bank link and the income step

/** A fresh bank-link session (they expire, and each bank needs its own). */
export const createLinkToken = () => api<LinkTokenView>(LINK_TOKEN_PATH, { method: 'POST' });

/**
 * The income step's bank connection: answers the bank, and the income predicted from its deposits once its
 * history is read (usually not yet: 'reading', and bankHistoryQuery follows it).
 */
export const connectIncomeBank = (publicToken: string) =>
  api<IncomeConnectionView>(INCOME_BANK_CONNECTIONS_PATH, {
    method: 'POST',
    body: { publicToken },
  });

export const skipIncomeBankConnection = (body: { reasonForNotConnectingBank: ReasonForNotConnectingBank }) =>
  api<unknown>('/api/application/income/skip-bank-connection', { method: 'PUT', body });

// ------------------------------------------------------------------ /submitted

/** Sends the Letter of Authorization's emails again. */
export const resendLetter = () => api<void>(RESEND_PATH, { method: 'POST' });

export const signingLinkPath = (envelopeId: string) =>
  `/api/application/envelopes/${encodeURIComponent(envelopeId)}/signing-link`;

/** A new signing link for the borrower: the signing page (sandbox) or DocuSign's, valid for minutes. */
export const openSigningLink = (envelopeId: string) =>
  api<{ url: string; envelopeId: string }>(signingLinkPath(envelopeId), { method: 'POST' });
