import { and, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import type { NotifyWhenEligible } from '#domain/validation/application';
import type { Services } from '#server/services';
import { borrower } from '#server/db/schema/application';
import { disqualificationReason } from '#server/db/schema/decision';
import { lockOwnApplication, updateApplication } from '#server/application/application-state';
import { writeOutcomeEmail } from '#server/application/outcome-email';

/**
 * /notify-when-eligible, answered only by a borrower disqualified because we
 * are not licensed in their state: Yes → notified later (/we-will-notify-you), No → /offers/not-qualified.
 */
export async function saveNotifyWhenEligible(o: {
  services: Services;
  userId: string;
  input: NotifyWhenEligible;
}): Promise<{ next: string; emailId?: string }> {
  const { db } = o.services.database;
  return db.transaction(async (tx) => {
    const app = await lockOwnApplication(tx, o.userId);
    const [notLicensed] = await tx
      .select({ id: disqualificationReason.id })
      .from(disqualificationReason)
      .where(
        and(
          eq(disqualificationReason.applicationId, app.id),
          eq(disqualificationReason.reason, DISQUALIFICATION_REASONS.notLicensed),
        ),
      )
      .limit(1);
    if (app.status !== 'disqualified' || !notLicensed) throw new AppError('PreconditionFailed');
    const notify = o.input.notifyWhenStateIsEligible;
    await tx
      .update(borrower)
      .set({ notifyWhenStateIsEligible: notify })
      .where(eq(borrower.applicationId, app.id));
    await updateApplication(tx, app, {
      viewed: notify ? 'WeWillNotifyYou' : 'NotQualified',
      set: { notifyWhenStateIsEligible: notify },
    });
    if (notify) return { next: PAGE_ROUTES.WeWillNotifyYou };
    // No: the application ends here, as every other one that does not qualify.
    const emailId = await writeOutcomeEmail(tx, { services: o.services, applicationId: app.id });
    return { next: PAGE_ROUTES.NotQualified, emailId };
  });
}
