import { eq } from 'drizzle-orm';
import { resumeRoute, STAFF_HOME } from '#domain/flow/resume';
import type { Db } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { pendingStaffStep } from '#server/plugins/viewer';

/**
 * Where a signed-in person continues: staff to /summary once this session passed the second factor and the
 * password is their own (else to the code page, the new-password path or enrolment), borrowers to the resume
 * map's page.
 */
export async function resumeFor(
  db: Db,
  viewer: {
    userId: string;
    isStaff: boolean;
    twoFactorEnabled: boolean;
    secondFactorVerified: boolean;
    mustChangePassword?: boolean;
  },
): Promise<string> {
  if (viewer.isStaff) {
    const step = pendingStaffStep({ ...viewer, mustChangePassword: viewer.mustChangePassword ?? false });
    return step?.page ?? STAFF_HOME;
  }
  const own = await db.query.application.findFirst({
    where: eq(application.owner, viewer.userId),
    columns: { lastViewedPage: true, status: true },
  });
  return resumeRoute({ lastViewedPage: own?.lastViewedPage ?? null, status: own?.status ?? null });
}
