import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { application } from '#server/db/schema/application';

/**
 * The borrower's current application: the one of their account that no re-application superseded. An account
 * keeps the applications it applied again after, for the record; the borrower's pages, portal and session read
 * this one only (the database allows one per account).
 */
export const ownCurrentApplication = (userId: string): SQL =>
  and(eq(application.owner, userId), isNull(application.supersededAt))!;
