import type { BorrowerRecordView } from '#domain/flow/staff-views';
import type { Database } from '#server/db/client';
import type { ReadCache } from '#server/plugins/read-cache';
import type { FieldCipher } from '#server/security/field-encryption';
import { contactSummary } from './contact-summary';
import type { ServicePortalReads } from './deps';
import { getBorrowerSummary } from './get-borrower-summary';
import { listApplications } from './list-applications';
import { searchQueue } from './search-queue';

/**
 * The portal's big reads on the database's own connections (see ServicePortalReads for why they are not in a
 * unit yet), with the server's read cache of borrower summaries and the agency's day.
 */
export function servicePortalReads(o: {
  database: Database;
  cipher: FieldCipher;
  summaryCache: ReadCache<BorrowerRecordView>;
  today: () => string;
}): ServicePortalReads {
  const { database } = o;
  const { db } = database;
  return {
    applications: ({ viewerId, query }) => listApplications({ db, viewerId, query }),
    queue: ({ viewerId, query }) => searchQueue({ db, viewerId, query, today: o.today() }),
    borrowerSummary: ({ viewerId, applicationId }) =>
      getBorrowerSummary({
        database,
        db,
        genericPlanDb: database.genericPlanDb,
        cache: o.summaryCache,
        cipher: o.cipher,
        viewerId,
        applicationId,
        today: o.today(),
      }),
    contactSummary: ({ query }) => contactSummary({ db, query }),
  };
}
