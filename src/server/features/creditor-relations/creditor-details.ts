import { desc, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import {
  ACH_NUMBERS_REQUIRED,
  creditorDetailsViewSchema,
  type CreditorDetailsChange,
  type CreditorDetailsChangeView,
  type CreditorDetailsView,
  detailDifferences,
} from '#domain/validation/creditor-details';
import { user } from '#server/db/schema/auth';
import { creditor, creditorDetailsChange } from '#server/db/schema/creditors';
import { type FieldCipher, last4 } from '#server/security/field-encryption';
import type { Transaction, Unit } from '#server/unit-of-work';

// A creditor's details (remittance address, payment methods, proposal channel, response time) and the history
// of their changes. The ACH numbers are sealed in the creditor row and leave it only as their last four digits:
// what staff see and what the history keeps.

type CreditorRow = typeof creditor.$inferSelect;

/** The details as staff see them and as the history keeps them. */
export function detailsViewOf(cipher: FieldCipher, row: CreditorRow): CreditorDetailsView {
  return {
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    paysByCheck: row.paysByCheck,
    paysByAch: row.paysByAch,
    routingNumberLast4: last4(cipher, row.achRoutingNumber),
    accountNumberLast4: last4(cipher, row.achAccountNumber),
    proposalChannel: (row.proposalChannel as CreditorDetailsView['proposalChannel']) ?? null,
    proposalEmail: row.proposalEmail,
    responseDays: row.responseDays,
    concessionsAfterPayments: row.concessionsAfterPayments,
  };
}

/** Every change of the creditor's details, newest first, with the staff member's name. */
export async function detailsHistoryOf(
  tx: Transaction,
  creditorId: string,
): Promise<CreditorDetailsChangeView[]> {
  const rows = await tx
    .select({
      id: creditorDetailsChange.id,
      changedBy: user.name,
      createdAt: creditorDetailsChange.createdAt,
      reason: creditorDetailsChange.reason,
      before: creditorDetailsChange.before,
      after: creditorDetailsChange.after,
    })
    .from(creditorDetailsChange)
    .innerJoin(user, eq(user.id, creditorDetailsChange.changedBy))
    .where(eq(creditorDetailsChange.creditorId, creditorId))
    .orderBy(desc(creditorDetailsChange.createdAt), desc(creditorDetailsChange.id));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    // Parsed, not cast: a record is shown only as the fields the view knows.
    before: creditorDetailsViewSchema.parse(r.before),
    after: creditorDetailsViewSchema.parse(r.after),
  }));
}

/**
 * Saves a change of a creditor's details with its reason, and its record in the history (who, when, why,
 * before and after), in the unit. Empty ACH numbers keep the stored ones; ACH with none stored or given
 * is refused, as the agency could not pay. A change that changes nothing is not recorded.
 */
export async function updateCreditorDetails(
  unit: Unit,
  o: { creditorId: string; change: CreditorDetailsChange; staffUserId: string },
): Promise<{ changed: boolean }> {
  const { tx, cipher } = unit;
  const [current] = await tx.select().from(creditor).where(eq(creditor.id, o.creditorId)).for('update');
  if (!current) throw new AppError('NotFound', 'No such creditor.');
  const { change } = o;
  const newNumbers = change.routingNumber != null && change.accountNumber != null;
  if (
    change.paysByAch &&
    !newNumbers &&
    (current.achRoutingNumber == null || current.achAccountNumber == null)
  ) {
    throw new AppError('ValidationError', undefined, { fieldErrors: { ...ACH_NUMBERS_REQUIRED } });
  }
  const [updated] = await tx
    .update(creditor)
    .set({
      addressLine1: change.addressLine1 ?? null,
      addressLine2: change.addressLine2 ?? null,
      city: change.city ?? null,
      state: change.state ?? null,
      zipCode: change.zipCode ?? null,
      paysByCheck: change.paysByCheck,
      paysByAch: change.paysByAch,
      // Numbers of a method the creditor no longer takes are dropped, not kept sealed for nothing.
      achRoutingNumber: !change.paysByAch
        ? null
        : newNumbers
          ? cipher.encrypt(change.routingNumber!)
          : current.achRoutingNumber,
      achAccountNumber: !change.paysByAch
        ? null
        : newNumbers
          ? cipher.encrypt(change.accountNumber!)
          : current.achAccountNumber,
      proposalChannel: change.proposalChannel,
      proposalEmail: change.proposalEmail ?? null,
      responseDays: change.responseDays,
      concessionsAfterPayments: change.concessionsAfterPayments,
    })
    .where(eq(creditor.id, o.creditorId))
    .returning();
  const before = detailsViewOf(cipher, current);
  const after = detailsViewOf(cipher, updated!);
  // New numbers with the same last four digits read the same in the history, yet are a change to record.
  const opened = (stored: string | null) => (stored == null ? null : cipher.decrypt(stored));
  const replacedNumbers =
    newNumbers &&
    (opened(current.achRoutingNumber) !== change.routingNumber ||
      opened(current.achAccountNumber) !== change.accountNumber);
  if (detailDifferences(before, after).length === 0 && !replacedNumbers) return { changed: false };
  await tx.insert(creditorDetailsChange).values({
    creditorId: o.creditorId,
    changedBy: o.staffUserId,
    reason: change.reason,
    before,
    after,
  });
  return { changed: true };
}
