import type {
  markMailedViewSchema,
  OverdueProposalsView,
  proposalBatchViewSchema,
} from '#domain/validation/proposals';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  alertSeenViewSchema,
  BorrowerSummaryView,
  ClaimView,
  ContactSummaryView,
  EmailFailuresView,
  QueueView,
  StaffListView,
  SummaryListView,
} from '#domain/flow/staff-views';
import type {
  ContactAttempt,
  ContactAttemptView,
  MarkTransferred,
  OfferAnswerView,
  OfferStatusAnswer,
  QualityControl,
  StaffApplicationResult,
  ApproveLongPlan,
  ApproveLongPlanView,
} from '#domain/validation/staff';
import type { CreditorDetail, CreditorList, ProgrammeRevision } from '#domain/validation/concessions';
import type { CreditorDetailsInput } from '#domain/validation/creditor-details';
import type { AgencyEventsFileReport, AgencyEventsFileUpload } from '#domain/validation/agency-events-file';
import type { PlanLedgerView } from '#domain/enrollment/plan-ledger';
import { api } from '#web/lib/api';

// The service portal's server calls and the keys its reads are cached under. Every read hangs under
// staffKeys.all(), so a staff action (which may change any of them) refreshes them all at once.

export const staffKeys = {
  all: () => ['staff'] as const,
  users: () => ['staff', 'users'] as const,
  /** The /summary list, by its query string. */
  applications: (queryString: string) => ['staff', 'applications', queryString] as const,
  queue: (queryString: string) => ['staff', 'queue', queryString] as const,
  borrowerSummary: (applicationId: string) => ['staff', 'borrower-summary', applicationId] as const,
  ledger: (applicationId: string) => ['staff', 'ledger', applicationId] as const,
  contactSummary: (queryString: string) => ['staff', 'contact-summary', queryString] as const,
  emailFailures: () => ['staff', 'email-failures'] as const,
  creditors: (search: string) => ['staff', 'creditors', search] as const,
  creditor: (creditorId: string) => ['staff', 'creditor', creditorId] as const,
  /** A page of the overdue proposals, by the id it starts after ('' for the first). */
  proposals: (after: string) => ['staff', 'proposals', after] as const,
};

// ------------------------------------------------------------------ reads

export const staffUsersQuery = () =>
  queryOptions({
    queryKey: staffKeys.users(),
    queryFn: () => api<StaffListView>('/api/staff/users'),
  });

export const summaryListQuery = (queryString: string) =>
  queryOptions({
    queryKey: staffKeys.applications(queryString),
    queryFn: () => api<SummaryListView>(`/api/staff/applications?${queryString}`),
  });

export const queueQuery = (queryString: string) =>
  queryOptions({
    queryKey: staffKeys.queue(queryString),
    queryFn: () => api<QueueView>(`/api/staff/queue${queryString === '' ? '' : `?${queryString}`}`),
  });

export const borrowerSummaryQuery = (applicationId: string) =>
  queryOptions({
    queryKey: staffKeys.borrowerSummary(applicationId),
    queryFn: () => api<BorrowerSummaryView>(`/api/staff/applications/${encodeURIComponent(applicationId)}`),
    // Some of it changes without staff doing anything (a borrower replying STOP to a text opts out of text
    // messages): a counsellor coming back to the tab sees the summary as it is now.
    refetchOnWindowFocus: true,
  });

/** The plan's ledger after the hand-over: read on its own, fresh, as the agency's events arrive at any time. */
export const planLedgerQuery = (applicationId: string) =>
  queryOptions({
    queryKey: staffKeys.ledger(applicationId),
    queryFn: () => api<PlanLedgerView>(`/api/staff/applications/${encodeURIComponent(applicationId)}/ledger`),
    refetchOnWindowFocus: true,
  });

export const contactSummaryQuery = (queryString: string) =>
  queryOptions({
    queryKey: staffKeys.contactSummary(queryString),
    queryFn: () =>
      api<ContactSummaryView>(`/api/staff/contact-summary${queryString ? `?${queryString}` : ''}`),
  });

/** Emails the queue gave up on (newest first, capped). */
export const emailFailuresQuery = () =>
  queryOptions({
    queryKey: staffKeys.emailFailures(),
    queryFn: () => api<EmailFailuresView>('/api/staff/email-failures'),
  });

/** The creditors whose name or bureau words contain `search` (every one when empty). */
export const creditorsQuery = (search: string) =>
  queryOptions({
    queryKey: staffKeys.creditors(search),
    queryFn: () =>
      api<CreditorList>(
        `/api/staff/creditors${search === '' ? '' : `?search=${encodeURIComponent(search)}`}`,
      ),
  });

/** One creditor, its programme in force and every version of it. */
export const creditorQuery = (creditorId: string) =>
  queryOptions({
    queryKey: staffKeys.creditor(creditorId),
    queryFn: () => api<CreditorDetail>(`/api/staff/creditors/${encodeURIComponent(creditorId)}`),
  });

/** The staff download of an offer's proposal PDF (a link, not a fetch); each download is audited. */
export const proposalPdfPath = (applicationId: string, offerId: string) =>
  `/api/staff/applications/${encodeURIComponent(applicationId)}/offers/${encodeURIComponent(offerId)}/proposal`;

/** The staff download of the signed PDF (a link, not a fetch); each download is audited on the server. */
export const signedLetterPath = (applicationId: string) =>
  `/api/staff/applications/${encodeURIComponent(applicationId)}/letter`;

// ------------------------------------------------------------------ staff actions (POST)

/** A creating action sends the same idempotency key on every retry of one submission. */
const postAction = <TResult>(path: string, body: unknown, idempotencyKey?: string) =>
  api<TResult>(path, {
    method: 'POST',
    body,
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
  });

/** `version` is the application's as read: a stale one gets 409. A colleague's claim needs `takeOver`. */
type ClaimBody = { version: number; takeOver?: boolean };

export const claimApplication = (applicationId: string, body: ClaimBody) =>
  postAction<ClaimView>(`/api/staff/applications/${encodeURIComponent(applicationId)}/claim`, body);

export const unclaimApplication = (applicationId: string, body: ClaimBody) =>
  postAction<ClaimView>(`/api/staff/applications/${encodeURIComponent(applicationId)}/unclaim`, body);

export const recordContactAttempt = (applicationId: string, body: ContactAttempt, idempotencyKey?: string) =>
  postAction<ContactAttemptView>(
    `/api/staff/applications/${applicationId}/contact-attempts`,
    body,
    idempotencyKey,
  );

export const setOfferStatus = (offerId: string, body: OfferStatusAnswer) =>
  postAction<OfferAnswerView>(`/api/staff/offers/${offerId}/status`, body);

export const recordQualityControl = (applicationId: string, body: QualityControl) =>
  postAction<StaffApplicationResult>(`/api/staff/applications/${applicationId}/quality-control`, body);

/** A supervisor's reopen of a failed quality control: the application is back in counsellor review. */
export const reopenQualityControl = (applicationId: string) =>
  postAction<StaffApplicationResult>(`/api/staff/applications/${applicationId}/quality-control/reopen`, {});

export const approveLongPlan = (applicationId: string, body: ApproveLongPlan) =>
  postAction<ApproveLongPlanView>(`/api/staff/applications/${applicationId}/approve-long-plan`, body);

export const markTransferred = (applicationId: string, body: MarkTransferred) =>
  postAction<StaffApplicationResult>(`/api/staff/applications/${applicationId}/mark-transferred`, body);

/** A new version of a creditor's programme (creditor relations staff only). */
export const reviseProgramme = (creditorId: string, body: ProgrammeRevision, idempotencyKey?: string) =>
  postAction<{ id: string; version: number }>(
    `/api/staff/creditors/${encodeURIComponent(creditorId)}/programme`,
    body,
    idempotencyKey,
  );

/** A change of a creditor's details with its reason (creditor relations staff only). */
export const updateCreditorDetails = (
  creditorId: string,
  body: CreditorDetailsInput,
  idempotencyKey?: string,
) =>
  postAction<{ changed: boolean }>(
    `/api/staff/creditors/${encodeURIComponent(creditorId)}/details`,
    body,
    idempotencyKey,
  );

/** An alert opened by the representative. */
export const markAlertSeen = (alertId: string) =>
  api<z.infer<typeof alertSeenViewSchema>>(`/api/staff/alerts/${encodeURIComponent(alertId)}/seen`, {
    method: 'POST',
  });

/** The proposals creditors have not answered in time, one page from after `after` ('' for the first). */
export const overdueProposalsQuery = (after: string) =>
  queryOptions({
    queryKey: staffKeys.proposals(after),
    queryFn: () =>
      api<OverdueProposalsView>(
        `/api/staff/proposals${after === '' ? '' : `?after=${encodeURIComponent(after)}`}`,
      ),
  });

/** Makes the agency day's batch file of electronic proposals (or answers the one made already today). */
export const produceProposalBatch = () =>
  api<z.infer<typeof proposalBatchViewSchema>>('/api/staff/proposals/batch', { method: 'POST', body: {} });

/** Where a day's batch file downloads from (a CSV, as an attachment). */
export const proposalBatchPath = (agencyDay: string) =>
  `/api/staff/proposals/batch/${encodeURIComponent(agencyDay)}`;

/** Marks proposals staff printed and mailed as sent. */
export const markProposalsMailed = (proposalIds: readonly string[]) =>
  api<z.infer<typeof markMailedViewSchema>>('/api/staff/proposals/mailed', { body: { proposalIds } });

/** The agency's daily events file, as text, and the report of each row (supervisors only). */
export const uploadAgencyEventsFile = (body: AgencyEventsFileUpload) =>
  api<AgencyEventsFileReport>('/api/staff/agency-events/file', { method: 'POST', body });
