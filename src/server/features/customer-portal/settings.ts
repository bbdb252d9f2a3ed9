import { eq, sql } from 'drizzle-orm';
import type { CustomerSettingsView, TextMessagesSetting } from '#domain/enrollment/settings';
import type { Db } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { signedApplication } from './get-plan';

const viewOf = (row: { phoneNumber: string | null; isOptedOutOfSMS: boolean }): CustomerSettingsView => ({
  phoneNumberLast4: row.phoneNumber ? row.phoneNumber.slice(-4) : null,
  receivesTextMessages: !row.isOptedOutOfSMS,
});

/** GET /api/customer-portal/settings: the signed-in customer's own choices. */
export async function getCustomerSettings(o: { db: Db; userId: string }): Promise<CustomerSettingsView> {
  const own = await signedApplication(o.db, o.userId);
  const [row] = await o.db
    .select({ phoneNumber: borrower.phoneNumber, isOptedOutOfSMS: borrower.isOptedOutOfSMS })
    .from(borrower)
    .where(eq(borrower.applicationId, own.id));
  return viewOf(row ?? { phoneNumber: null, isOptedOutOfSMS: false });
}

/**
 * PUT /api/customer-portal/settings/text-messages: the borrower opts out of texts, or back in (the same flag
 * a STOP or START text sets, so either way wins until the other is used). Alerts, reminders and contact
 * attempts then skip texts, or send them again.
 */
export async function setTextMessages(o: {
  db: Db;
  userId: string;
  input: TextMessagesSetting;
}): Promise<CustomerSettingsView> {
  const own = await signedApplication(o.db, o.userId);
  const [row] = await o.db
    .update(borrower)
    .set({ isOptedOutOfSMS: !o.input.receivesTextMessages, updatedAt: sql`now()` })
    .where(eq(borrower.applicationId, own.id))
    .returning({ phoneNumber: borrower.phoneNumber, isOptedOutOfSMS: borrower.isOptedOutOfSMS });
  return viewOf(row!);
}
