import { z } from 'zod';

// The customer portal's settings that are the borrower's own choices (the email and password have their own
// pages): whether the agency may text them.

/** GET /api/customer-portal/settings. */
export const customerSettingsViewSchema = z.object({
  /** The last four digits of the number texts go to; null when the borrower gave none. */
  phoneNumberLast4: z.string().nullable(),
  /** The borrower's `isOptedOutOfSMS`, the other way round: true while texts may be sent. */
  receivesTextMessages: z.boolean(),
});
export type CustomerSettingsView = z.infer<typeof customerSettingsViewSchema>;

/** PUT /api/customer-portal/settings/text-messages. */
export const textMessagesSettingSchema = z.strictObject({
  receivesTextMessages: z.boolean({ error: 'Choose whether we may text you' }),
});
export type TextMessagesSetting = z.infer<typeof textMessagesSettingSchema>;
