import type { Page } from './pages';

// How far a borrower has come through the flow, from lastCompletedPage. The server
// uses these rules to refuse a page's answers before the pages it needs, and to keep lastCompletedPage from
// moving backwards when a borrower goes back and saves an earlier page again.

/** The main line of the flow in the order its pages are completed. ConfirmIncome and Budget are skipped when not needed. */
export const FLOW_ORDER = [
  'Lead',
  'Hardships',
  'Household',
  'Credit',
  'EligibleDebts',
  'ProvideMonthlyIncome',
  'ConfirmIncome',
  'Expenses',
  'Budget',
  'Review',
  'NextSteps',
  'PaymentAccountOptions',
  'ConfirmPaymentAccount',
  'ProvidePaymentAccountInformation',
  'Submitted',
] as const satisfies readonly Page[];

export type FlowPage = (typeof FLOW_ORDER)[number];

/**
 * The outcome pages branch off the main line; the earliest is reached on submitting /credit (not licensed,
 * no hardship), so each ranks as Household, the furthest page surely completed by then.
 */
const BRANCHES_AFTER = {
  NotifyWhenEligible: 'Household',
  WeWillNotifyYou: 'Household',
  NotQualified: 'Household',
} as const satisfies Record<Exclude<Page, FlowPage>, FlowPage>;

/**
 * The page that must be completed before a page's answers are accepted. ConfirmIncome is optional, so
 * Expenses needs only ProvideMonthlyIncome; later pages are guarded by the application's status instead.
 */
export const PREREQUISITE = {
  Hardships: 'Lead',
  Household: 'Hardships',
  Credit: 'Household',
  EligibleDebts: 'Credit',
  ProvideMonthlyIncome: 'EligibleDebts',
  ConfirmIncome: 'ProvideMonthlyIncome',
  Expenses: 'ProvideMonthlyIncome',
  Budget: 'Expenses',
} as const satisfies Partial<Record<Page, FlowPage>>;

export type GuardedPage = keyof typeof PREREQUISITE;

/** The pages of the application's first part, whose answers the borrower may go back to and change. */
export const GUARDED_PAGES = Object.keys(PREREQUISITE) as [GuardedPage, ...GuardedPage[]];

const isFlowPage = (page: Page): page is FlowPage => (FLOW_ORDER as readonly Page[]).includes(page);

/** Position of a page in the flow; outcome pages take the position of the page they branch after. */
export function pageRank(page: Page): number {
  return FLOW_ORDER.indexOf(isFlowPage(page) ? page : BRANCHES_AFTER[page]);
}

/** Whether `page` is completed when the application's lastCompletedPage is `lastCompleted`. */
export function hasCompleted(lastCompleted: Page | null | undefined, page: Page): boolean {
  return lastCompleted != null && pageRank(lastCompleted) >= pageRank(page);
}

/** Whether the answers of `page` may be saved: its prerequisite is completed. */
export function canSavePage(lastCompleted: Page | null | undefined, page: GuardedPage): boolean {
  return hasCompleted(lastCompleted, PREREQUISITE[page]);
}

/** lastCompletedPage after completing `page`: never moves back behind a page the borrower already completed. */
export function furthestCompleted(lastCompleted: Page | null | undefined, page: Page): Page {
  return lastCompleted != null && pageRank(lastCompleted) > pageRank(page) ? lastCompleted : page;
}

/**
 * Whether opening `page` should be recorded as the application's last viewed page, so a returning borrower
 * resumes there: a page of the application's first part the borrower may be on (its prerequisite completed),
 * while the application is in progress, and not already the last viewed one (a save sets the next page
 * itself, so arriving there writes nothing). Later pages are recorded by the steps that lead to them.
 */
export function shouldRecordView(
  app: {
    status: string;
    lastCompletedPage: Page | null | undefined;
    lastViewedPage: Page | null | undefined;
  },
  page: Page,
): page is GuardedPage {
  if (app.status !== 'inProgress' || app.lastViewedPage === page) return false;
  return (
    (GUARDED_PAGES as readonly Page[]).includes(page) &&
    canSavePage(app.lastCompletedPage, page as GuardedPage)
  );
}
