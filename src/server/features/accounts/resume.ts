import { eq } from 'drizzle-orm';
import { resumeRoute, STAFF_HOME } from '#domain/flow/resume';
import type { Db } from '../../db/client';
import { application } from '../../db/schema/application';
import { secondFactorPage } from '../../plugins/viewer';

/**
 * Where a signed-in person continues: staff to /summary once this session passed the second factor (else
 * to enrolment or the code page), borrowers to the resume map's page.
 */
export async function resumeFor(
  db: Db,
  viewer: { userId: string; isStaff: boolean; twoFactorEnabled: boolean; secondFactorVerified: boolean },
): Promise<string> {
  if (viewer.isStaff) return viewer.secondFactorVerified ? STAFF_HOME : secondFactorPage(viewer);
  const own = await db.query.application.findFirst({
    where: eq(application.owner, viewer.userId),
    columns: { lastViewedPage: true, status: true },
  });
  return resumeRoute({ lastViewedPage: own?.lastViewedPage ?? null, status: own?.status ?? null });
}
