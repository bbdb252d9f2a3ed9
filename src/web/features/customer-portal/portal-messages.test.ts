import { describe, expect, it } from 'vitest';
import { DRAFT_DAY_REFUSALS } from '#domain/enrollment/draft-day-change';
import { draftDaySettingSchema } from '#domain/enrollment/settings';
import { reauthorizeSchema } from '#domain/enrollment/views';
import { FIXED } from '#domain/i18n/validation-messages';
import { PORTAL_TEXTS } from './portal-messages';

// The descriptors carry the English the domain writes, word for word, so a borrower reading Spanish gets the
// translation of exactly what the domain said.
describe('the portal texts written in English by the domain', () => {
  it('are the draft day refusals, word for word', () => {
    expect(PORTAL_TEXTS.notADraftDay?.defaultMessage).toBe(DRAFT_DAY_REFUSALS.notADraftDay);
    expect(PORTAL_TEXTS.sameDay?.defaultMessage).toBe(DRAFT_DAY_REFUSALS.sameDay);
    expect(PORTAL_TEXTS.planEndsFirst?.defaultMessage).toBe(DRAFT_DAY_REFUSALS.planEndsFirst);
  });

  it('are the agreements the schemas ask for', () => {
    const amount = reauthorizeSchema.pick({ agreed: true }).safeParse({ agreed: false });
    expect(amount.error?.issues[0]?.message).toBe(FIXED.agreeToNewAmount.defaultMessage);
    const day = draftDaySettingSchema.pick({ agreed: true }).safeParse({ agreed: false });
    expect(day.error?.issues[0]?.message).toBe(FIXED.agreeToNewDay.defaultMessage);
  });
});
