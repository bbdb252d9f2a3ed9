import { z } from 'zod';
import { messageRef } from '../i18n/message';
import { FIXED, PORTAL_REFUSALS } from '../i18n/validation-messages';
import { issueError } from '../validation/issue-messages';
import { LAST_DRAFT_DAY_OF_MONTH } from '../underwriting/constants';

// The customer portal's settings that are the borrower's own choices (the email and password have their own
// pages): whether the agency may text them, and the day of the month their plan is drawn.

// A day that is not a draft day, whatever is wrong with it, by its id so the page words it in its language.
const NOT_A_DRAFT_DAY = { error: issueError(messageRef(PORTAL_REFUSALS.notADraftDay)) };

/**
 * The plan's draft day as Settings shows it. The page works a change out with the same function as the server
 * (changeDraftDay), on the schedule and the day given here, so what it previews is what is saved.
 */
export const draftDayViewSchema = z.object({
  /** The day of the month of the next draft. */
  draftDay: z.number().int(),
  nextDraftDate: z.string().nullable(),
  /** The amount of the next draft (the amount the borrower authorized until a change applies). */
  monthlyDraft: z.number().int(),
  /** A new amount that applies from a later draft (a creditor declined or countered); null when none waits. */
  amountChange: z.object({ monthlyDraft: z.number().int(), from: z.string() }).nullable(),
  /** A change of day made earlier that starts after the next draft; null when none waits. */
  upcomingChange: z.object({ draftDay: z.number().int(), firstDraftOnNewDay: z.string() }).nullable(),
  schedule: z.object({
    firstDraftDate: z.string(),
    termInMonths: z.number().int(),
    draftDayChanges: z.array(z.string()),
  }),
  /** The agency's today, which a change is counted from. */
  today: z.string(),
});
export type DraftDayView = z.infer<typeof draftDayViewSchema>;

/** GET /api/customer-portal/settings. */
export const customerSettingsViewSchema = z.object({
  /** The last four digits of the number texts go to; null when the borrower gave none. */
  phoneNumberLast4: z.string().nullable(),
  /** The borrower's `isOptedOutOfSMS`, the other way round: true while texts may be sent. */
  receivesTextMessages: z.boolean(),
  /** The plan's drafts; null until the plan has dated drafts to move. */
  drafts: draftDayViewSchema.nullable(),
});
export type CustomerSettingsView = z.infer<typeof customerSettingsViewSchema>;

/** PUT /api/customer-portal/settings/text-messages. */
export const textMessagesSettingSchema = z.strictObject({
  receivesTextMessages: z.boolean({ error: issueError(messageRef(FIXED.textMessagesChoiceRequired)) }),
});
export type TextMessagesSetting = z.infer<typeof textMessagesSettingSchema>;

/**
 * PUT /api/customer-portal/settings/draft-day: the new day, the first draft on it as the page showed it (409 when
 * that is no longer so) and the borrower's authorization of drafts on that day.
 */
export const draftDaySettingSchema = z.strictObject({
  draftDay: z
    .number(NOT_A_DRAFT_DAY)
    .int(NOT_A_DRAFT_DAY)
    .min(1, NOT_A_DRAFT_DAY)
    .max(LAST_DRAFT_DAY_OF_MONTH, NOT_A_DRAFT_DAY),
  firstDraftOnNewDay: z.iso.date({ error: issueError(messageRef(FIXED.newDayFirstDraftMissing)) }),
  agreed: z.literal(true, { error: issueError(messageRef(FIXED.agreeToNewDay)) }),
});
export type DraftDaySetting = z.infer<typeof draftDaySettingSchema>;
