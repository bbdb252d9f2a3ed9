import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { languageOrDefault } from '#server/i18n';
import { contactAttemptSms } from '#server/sms/texts';
import type { Language } from '#domain/i18n/language';
import {
  CONTACT_ATTEMPT_REASON_KEYS,
  type ContactAttempt,
  type ContactAttemptReasonKey,
  type ContactAttemptView,
  type ContactTextOutcome,
  readContactOutcome,
  storedContactOutcome,
} from '#domain/validation/staff';
import type { Db, Transaction } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import { contactAttempt, contactAttemptReason } from '#server/db/schema/service-work';
import type { FieldCipher } from '#server/security/field-encryption';
import { enqueueSms } from '#server/sms/outbox';
import { recordAudit } from '#server/audit/record-audit';

/** sms_outbox.eventType of a staff text-message contact attempt. */
export const CONTACT_ATTEMPT_EVENT = 'contactAttempt';

/** The text a text-message attempt sends, in the borrower's language: who is reaching out and how to call back. */
export function contactAttemptText(o: {
  borrowerFirstName: string | null;
  staffFirstName: string | null;
  language?: Language;
}): string {
  return contactAttemptSms(o.language ?? 'en', o);
}

type AttemptRow = typeof contactAttempt.$inferSelect;
type ReasonRow = { key: ContactAttemptReasonKey; value: boolean };

const byKeyOrder = (a: ReasonRow, b: ReasonRow) =>
  CONTACT_ATTEMPT_REASON_KEYS.indexOf(a.key) - CONTACT_ATTEMPT_REASON_KEYS.indexOf(b.key);

function toView(row: AttemptRow, reasons: ReasonRow[], textMessage?: ContactTextOutcome): ContactAttemptView {
  return {
    id: row.id,
    applicationId: row.applicationId,
    contactedBy: row.contactedBy,
    createdAt: row.createdAt.toISOString(),
    method: row.method,
    ...readContactOutcome(row.outcome),
    didTheBorrowerReceiveAnOffer: row.didTheBorrowerReceiveAnOffer,
    reasons: reasons.map((r) => ({ key: r.key, value: r.value })).sort(byKeyOrder),
    ...(textMessage ? { textMessage } : {}),
  };
}

/** Writes the attempt's text to the SMS outbox unless the borrower opted out or has no phone. */
async function queueText(
  tx: Transaction,
  o: { applicationId: string; staffFirstName: string | null; cipher: FieldCipher },
): Promise<{ outcome: ContactTextOutcome; smsId?: string }> {
  const [b] = await tx
    .select({
      firstName: borrower.firstName,
      phone: borrower.phoneNumber,
      optedOut: borrower.isOptedOutOfSMS,
      preferredLanguage: borrower.preferredLanguage,
    })
    .from(borrower)
    .where(eq(borrower.applicationId, o.applicationId));
  if (b?.optedOut) return { outcome: 'optedOut' };
  if (!b?.phone) return { outcome: 'noPhone' };
  const smsId = await enqueueSms(tx, o.cipher, {
    applicationId: o.applicationId,
    to: b.phone,
    eventType: CONTACT_ATTEMPT_EVENT,
    body: contactAttemptText({
      borrowerFirstName: b.firstName,
      staffFirstName: o.staffFirstName,
      language: languageOrDefault(b.preferredLanguage),
    }),
  });
  return { outcome: 'queued', smsId };
}

/**
 * POST /api/staff/applications/:id/contact-attempts: records the attempt by the signed-in staff member with
 * its reasons; a text-message attempt also queues the text. The outcome's choice and its notes share the
 * outcome column (storedContactOutcome). Returns the outbox id to hand to the job queue after the commit.
 */
export async function createContactAttempt(o: {
  db: Db;
  /** Seals the text of a text-message attempt. */
  cipher: FieldCipher;
  staff: { userId: string; firstName: string | null };
  applicationId: string;
  input: ContactAttempt;
}): Promise<{ view: ContactAttemptView; smsId?: string }> {
  return o.db.transaction((tx) => insertContactAttempt(tx, o));
}

/**
 * The attempt's rows, text and audit entry, inside the caller's transaction: marking a counselling call can
 * log one in the same step (the counselling call's outcome).
 */
export async function insertContactAttempt(
  tx: Transaction,
  o: {
    cipher: FieldCipher;
    staff: { userId: string; firstName: string | null };
    applicationId: string;
    input: ContactAttempt;
  },
): Promise<{ view: ContactAttemptView; smsId?: string }> {
  const [app] = await tx
    .select({ id: application.id })
    .from(application)
    .where(eq(application.id, o.applicationId));
  if (!app) throw new AppError('NotFound');
  const [row] = await tx
    .insert(contactAttempt)
    .values({
      applicationId: app.id,
      contactedBy: o.staff.userId,
      method: o.input.method,
      outcome: storedContactOutcome(o.input.outcome, o.input.notes),
      didTheBorrowerReceiveAnOffer: o.input.didTheBorrowerReceiveAnOffer,
    })
    .returning();
  const attempt = row!;
  const reasons = CONTACT_ATTEMPT_REASON_KEYS.flatMap((key) => {
    const value = o.input.reasons?.[key];
    return value === undefined ? [] : [{ key, value }];
  });
  if (reasons.length > 0) {
    await tx
      .insert(contactAttemptReason)
      .values(reasons.map((r) => ({ contactAttemptId: attempt.id, ...r })));
  }
  const text =
    o.input.method === 'textMessage'
      ? await queueText(tx, { applicationId: app.id, staffFirstName: o.staff.firstName, cipher: o.cipher })
      : undefined;
  const view = toView(attempt, reasons, text?.outcome);
  await recordAudit(tx, {
    actorId: o.staff.userId,
    action: 'contactAttempt',
    entityType: 'contactAttempt',
    entityId: attempt.id,
    applicationId: app.id,
    after: { ...view, smsOutboxId: text?.smsId ?? null },
  });
  return { view, smsId: text?.smsId };
}

/**
 * PUT /api/staff/contact-attempts/:id/reasons/:key: updating a key sets its value, or appends it when the
 * attempt does not have it yet.
 */
export async function setContactAttemptReason(o: {
  db: Db;
  actorId: string;
  contactAttemptId: string;
  key: ContactAttemptReasonKey;
  value: boolean;
}): Promise<ContactAttemptView> {
  return o.db.transaction((tx) => writeContactAttemptReason(tx, o));
}

/** setContactAttemptReason in the caller's transaction (a unit of work's), the attempt's row locked in it. */
export async function writeContactAttemptReason(
  tx: Transaction,
  o: { actorId: string; contactAttemptId: string; key: ContactAttemptReasonKey; value: boolean },
): Promise<ContactAttemptView> {
  const [attempt] = await tx
    .select()
    .from(contactAttempt)
    .where(eq(contactAttempt.id, o.contactAttemptId))
    .for('update');
  if (!attempt) throw new AppError('NotFound');
  const before = await tx
    .select({ key: contactAttemptReason.key, value: contactAttemptReason.value })
    .from(contactAttemptReason)
    .where(eq(contactAttemptReason.contactAttemptId, attempt.id));
  await tx
    .insert(contactAttemptReason)
    .values({ contactAttemptId: attempt.id, key: o.key, value: o.value })
    .onConflictDoUpdate({
      target: [contactAttemptReason.contactAttemptId, contactAttemptReason.key],
      set: { value: o.value },
    });
  await tx.update(contactAttempt).set({ updatedAt: new Date() }).where(eq(contactAttempt.id, attempt.id));
  const after = [...before.filter((r) => r.key !== o.key), { key: o.key, value: o.value }];
  await recordAudit(tx, {
    actorId: o.actorId,
    action: 'contactAttempt',
    entityType: 'contactAttemptReason',
    entityId: attempt.id,
    applicationId: attempt.applicationId,
    before: { key: o.key, value: before.find((r) => r.key === o.key)?.value ?? null },
    after: { key: o.key, value: o.value },
  });
  return toView(attempt, after);
}
