import { and, eq, isNull, type Placeholder, type SQL } from 'drizzle-orm';
import { application } from '#server/db/schema/application';

/**
 * The borrower's current application: the one of their account that no re-application superseded. An account
 * keeps the applications it applied again after, for the record; the borrower's pages, portal and session read
 * this one only (the database allows one per account). The user may be a placeholder, in a statement built
 * once (src/server/db/built-once.ts).
 */
export const ownCurrentApplication = (userId: string | Placeholder): SQL =>
  and(eq(application.owner, userId), isNull(application.supersededAt))!;
