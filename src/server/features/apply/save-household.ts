import { AppError } from '#domain/errors';
import { PAGE_ROUTES } from '#domain/flow/pages';
import type { Household } from '#domain/validation/application';
import { phoneToE164 } from '#domain/validation/format';
import { LABELS } from '#domain/i18n/validation-messages';
import { invalidRef } from '#domain/validation/messages';
import type { PhoneLookup } from '#providers/phone-lookup/port';
import type { OpenReadUnit, OpenUnit } from '#server/unit-of-work';
import { storedBorrowerPhone, writeHousehold } from './household-rows';

/**
 * Saves /household (household-rows.ts writes it), then /credit. A changed phone is looked up first, outside
 * any unit: the lookup may take seconds, and no other save of this application may wait on its row lock
 * meanwhile. So a short unit reads the stored phone, the lookup runs, and a second unit writes the answers
 * with the application locked (refusing a phone another save changed in between).
 */
export async function saveHousehold(o: {
  openUnit: OpenUnit;
  /**
   * The door to read-only units, for the first read (the stored phone, one statement: no transaction needed,
   * since the writing unit checks the phone again under its lock). Without it, that read opens a unit.
   */
  openReadUnit?: OpenReadUnit;
  phoneLookup: PhoneLookup;
  userId: string;
  household: Household;
}): Promise<{ next: string }> {
  const phoneE164 = phoneToE164(o.household.borrower.phoneNumber);
  const before = o.openReadUnit
    ? await o.openReadUnit((unit) => storedBorrowerPhone(unit.db, o.userId))
    : await o.openUnit((unit) => storedBorrowerPhone(unit.tx, o.userId));
  const verified = before !== undefined && before !== phoneE164;
  if (verified) {
    const { isValid } = await o.phoneLookup.verify(phoneE164);
    if (!isValid) {
      const message = invalidRef(LABELS.phoneNumber);
      throw new AppError('ValidationError', message, { fieldErrors: { 'borrower.phoneNumber': message } });
    }
  }
  await o.openUnit((unit) =>
    writeHousehold(unit, { userId: o.userId, household: o.household, phoneE164, verified }),
  );
  return { next: PAGE_ROUTES.Credit };
}
