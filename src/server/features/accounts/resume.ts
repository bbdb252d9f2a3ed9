import { eq } from 'drizzle-orm';
import { resumeRoute, STAFF_HOME } from '#domain/flow/resume';
import type { Db } from '../../db/client';
import { application } from '../../db/schema/application';

/** Where a signed-in person continues: staff to /summary, borrowers to the resume map's page. */
export async function resumeFor(db: Db, viewer: { userId: string; isStaff: boolean }): Promise<string> {
  if (viewer.isStaff) return STAFF_HOME;
  const own = await db.query.application.findFirst({
    where: eq(application.owner, viewer.userId),
    columns: { lastViewedPage: true, status: true },
  });
  return resumeRoute({ lastViewedPage: own?.lastViewedPage ?? null, status: own?.status ?? null });
}
