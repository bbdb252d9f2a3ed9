import { and, eq } from 'drizzle-orm';
import { resumeRoute, STAFF_HOME } from '#domain/flow/resume';
import { isLanguage, type Language } from '#domain/i18n/language';
import { application, borrower } from '#server/db/schema/application';
import { pendingStaffStep } from '#server/plugins/viewer';
import { ownCurrentApplication } from '#server/application/own-application';
import type { ReadUnit, Transaction } from '#server/unit-of-work';

type ResumeViewer = {
  userId: string;
  isStaff: boolean;
  twoFactorEnabled: boolean;
  secondFactorVerified: boolean;
  mustChangePassword?: boolean;
};

/**
 * Where a staff member continues, from their session alone: /summary once it passed the second factor and the
 * password is their own, else the code page, the new-password path or enrolment. No row is read.
 */
export function staffResumeFor(viewer: ResumeViewer): string {
  const step = pendingStaffStep({ ...viewer, mustChangePassword: viewer.mustChangePassword ?? false });
  return step?.page ?? STAFF_HOME;
}

/**
 * Where a signed-in person continues: staff to /summary once this session passed the second factor and the
 * password is their own (else to the code page, the new-password path or enrolment), borrowers to the resume
 * map's page.
 */
export async function resumeFor(tx: Transaction, viewer: ResumeViewer): Promise<string> {
  if (viewer.isStaff) return staffResumeFor(viewer);
  const own = await tx.query.application.findFirst({
    where: ownCurrentApplication(viewer.userId),
    columns: { lastViewedPage: true, status: true },
  });
  return resumeRoute({ lastViewedPage: own?.lastViewedPage ?? null, status: own?.status ?? null });
}

/**
 * What GET /api/session tells a signed-in person beyond their session: where they continue, and the language
 * a borrower chose (null: never chosen; always null for staff, whose portal is English). One query for both,
 * the application with its borrower, as the page asks for it at every load.
 */
export async function sessionResumeFor(
  unit: Pick<ReadUnit, 'db'>,
  viewer: ResumeViewer,
): Promise<{ resume: string; preferredLanguage: Language | null }> {
  if (viewer.isStaff) return { resume: staffResumeFor(viewer), preferredLanguage: null };
  const [own] = await unit.db
    .select({
      lastViewedPage: application.lastViewedPage,
      status: application.status,
      preferredLanguage: borrower.preferredLanguage,
    })
    .from(application)
    // The borrower the person is: the one they own (a spouse's row is not theirs to speak for).
    .leftJoin(
      borrower,
      and(eq(borrower.applicationId, application.id), eq(borrower.owner, application.owner)),
    )
    .where(ownCurrentApplication(viewer.userId))
    .limit(1);
  return {
    resume: resumeRoute({ lastViewedPage: own?.lastViewedPage ?? null, status: own?.status ?? null }),
    preferredLanguage: isLanguage(own?.preferredLanguage) ? own.preferredLanguage : null,
  };
}
