import type {
  BorrowerSummaryView,
  ContactSummaryView,
  QueueView,
  SummaryListView,
} from '#domain/flow/staff-views';
import type { ContactSummaryQuery, QueueQuery, SummaryQuery } from '#domain/service-portal/filters';
import type { OpenUnit } from '#server/unit-of-work';

/**
 * The portal's big reads, bound by the wiring (reads.ts) to the database's connections and to the server's
 * read cache of borrower summaries. They are not in a unit yet: each prepares its statements once per
 * connection pool (the summary on the pool that keeps one generic plan) and runs its queries side by side on
 * several connections, which one unit's transaction would run one after another and prepare again; they move
 * once that is measured.
 */
export type ServicePortalReads = {
  applications: (o: { viewerId: string; query: SummaryQuery }) => Promise<SummaryListView>;
  queue: (o: { viewerId: string; query: QueueQuery }) => Promise<QueueView>;
  /** Records the opening (audited) and answers the summary, the application's part kept in memory. */
  borrowerSummary: (o: { viewerId: string; applicationId: string }) => Promise<BorrowerSummaryView>;
  contactSummary: (o: { query: ContactSummaryQuery }) => Promise<ContactSummaryView>;
};

/**
 * What the service portal's routes are given: the door to units of work, for every read and write that is on
 * units, and the big reads above as a port. Never the app's whole services, nor the database itself.
 */
export type ServicePortalDeps = { openUnit: OpenUnit; reads: ServicePortalReads };
