import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { Tx } from '../../db/client';
import { application } from '../../db/schema/application';
import type { FieldCipher } from '../../security/field-encryption';
import type { ApplicationEvent } from '#domain/flow/transition';
import { disqualificationReason } from '../../db/schema/application';
import { type ApplicationRow, changeStatus, updateApplication } from '../apply/flow-steps';

/**
 * The application a staff action works on, locked until the transaction ends: two counsellors acting on
 * one application queue up, and each sees what the other committed.
 */
export async function lockApplication(tx: Tx, id: string): Promise<ApplicationRow> {
  const [app] = await tx.select().from(application).where(eq(application.id, id)).for('update');
  if (!app) throw new AppError('NotFound');
  return app;
}

/** Refuses an action the application's status does not allow now (409), saying why. */
export function assertStatus(app: ApplicationRow, allowed: ApplicationStatus, message: string): void {
  if (app.status !== allowed) throw new AppError('Conflict', message);
}

/** The last 4 digits of an encrypted account or routing number; the full value never leaves the server. */
export const last4 = (cipher: FieldCipher, stored: string | null | undefined): string | null =>
  stored ? cipher.decrypt(stored).slice(-4) : null;

/**
 * Disqualifies by a staff event (qualityControlFailed, allOffersDeclined): the reasons are recorded, the status
 * moves through transition(), and the borrower's next sign-in lands on /offers/not-qualified.
 */
export async function disqualifyBy(
  tx: Tx,
  app: ApplicationRow,
  event: Extract<ApplicationEvent, 'qualityControlFailed' | 'allOffersDeclined'>,
  reasons: readonly string[],
  changedBy: string,
): Promise<void> {
  if (reasons.length > 0) {
    await tx
      .insert(disqualificationReason)
      .values(reasons.map((reason) => ({ applicationId: app.id, reason })));
  }
  await changeStatus(tx, app, event, changedBy);
  await updateApplication(tx, app, { viewed: 'NotQualified' });
}
