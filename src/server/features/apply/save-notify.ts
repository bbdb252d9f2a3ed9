import { and, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import type { NotifyWhenEligible } from '#domain/validation/application';
import type { Config } from '#server/env';
import { borrower } from '#server/db/schema/application';
import { disqualificationReason } from '#server/db/schema/decision';
import { lockOwnApplication, updateApplication } from '#server/application/application-state';
import type { Unit } from '#server/unit-of-work';
import { writeNotQualifiedEmail } from './not-qualified-email';

/**
 * /notify-when-eligible, answered only by a borrower disqualified because we
 * are not licensed in their state: Yes → notified later (/we-will-notify-you), No → /offers/not-qualified.
 */
export async function saveNotifyWhenEligible(
  unit: Unit,
  o: { config: Config; userId: string; input: NotifyWhenEligible },
): Promise<{ next: string; emailId?: string }> {
  const { tx } = unit;
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
  const emailId = await writeNotQualifiedEmail(unit, o.config, app.id);
  return { next: PAGE_ROUTES.NotQualified, emailId };
}
