import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { PAGE_ROUTES } from '#domain/flow/pages';
import type { Household, HouseholdBorrower, HouseholdSpouse } from '#domain/validation/application';
import { phoneToE164, toIsoDate } from '#domain/validation/format';
import { HOUSEHOLD_LABELS } from '#domain/validation/application';
import { invalidMessage } from '#domain/validation/messages';
import type { Services } from '#server/services';
import { borrower, spouse } from '#server/db/schema/application';
import { assertCanSave, lockOwnApplication, updateApplication } from '#server/application/application-state';
import { ownCurrentApplication } from '#server/application/own-application';
import { hasCompleted } from '#domain/flow/page-order';
import { moveOnUnchanged } from './unchanged-save';

type Address = Pick<HouseholdBorrower, 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zipCode'>;

/** Only the columns whose value differs: a save writes what changed. */
function changed<T extends Record<string, unknown>>(
  stored: Record<string, unknown> | undefined,
  next: T,
): Partial<T> {
  if (!stored) return next;
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => stored[key] !== value),
  ) as Partial<T>;
}

/**
 * Saves /household in one transaction: the household answers (the
 * schema already applied the dependents and escrow rules), the borrower's details (the phone verified again
 * when it changed), and the spouse — saved and linked to the borrower, with the borrower's address when
 * 'same as above', removed when the borrower applies alone. Then /credit. The same answers sent again for a
 * completed page write nothing (moveOnUnchanged).
 */
export async function saveHousehold(o: {
  services: Services;
  userId: string;
  household: Household;
}): Promise<{ next: string }> {
  const { db } = o.services.database;
  const { cipher } = o.services;
  const h = o.household;
  const phoneE164 = phoneToE164(h.borrower.phoneNumber);

  // A changed phone is looked up before the transaction: the lookup may take seconds, and no other save of
  // this application may wait on its row lock meanwhile.
  const own = await db.query.application.findFirst({
    where: ownCurrentApplication(o.userId),
    columns: { id: true },
  });
  const before = own
    ? await db.query.borrower.findFirst({
        where: eq(borrower.applicationId, own.id),
        columns: { phoneNumber: true },
      })
    : undefined;
  const verified = before !== undefined && before.phoneNumber !== phoneE164;
  if (verified) {
    const { isValid } = await o.services.phoneLookup.verify(phoneE164);
    if (!isValid) {
      const message = invalidMessage(HOUSEHOLD_LABELS.phoneNumber);
      throw new AppError('ValidationError', message, { fieldErrors: { 'borrower.phoneNumber': message } });
    }
  }

  await db.transaction(async (tx) => {
    const app = await lockOwnApplication(tx, o.userId);
    assertCanSave(app, 'Household');
    const storedBorrower = await tx.query.borrower.findFirst({ where: eq(borrower.applicationId, app.id) });
    if (!storedBorrower) throw new AppError('NotFound');
    // Another save changed the phone since it was read: this number was never looked up. Sent again, it is.
    if (storedBorrower.phoneNumber !== phoneE164 && !verified) throw new AppError('Conflict');

    const dateOfBirth = toIsoDate(h.borrower.dateOfBirth);
    const storedDob = storedBorrower.dateOfBirth ? cipher.decrypt(storedBorrower.dateOfBirth) : null;
    const address: Address = {
      addressLine1: h.borrower.addressLine1,
      addressLine2: h.borrower.addressLine2 ?? null,
      city: h.borrower.city,
      state: h.borrower.state,
      zipCode: h.borrower.zipCode,
    } as Address;
    const borrowerChanges = changed(storedBorrower, {
      firstName: h.borrower.firstName,
      lastName: h.borrower.lastName,
      phoneNumber: phoneE164,
      ...address,
    });
    if (storedDob !== dateOfBirth)
      Object.assign(borrowerChanges, { dateOfBirth: cipher.encrypt(dateOfBirth) });
    if (Object.keys(borrowerChanges).length > 0) {
      await tx.update(borrower).set(borrowerChanges).where(eq(borrower.id, storedBorrower.id));
    }

    const spouseChanged = await saveSpouse(tx, {
      cipher,
      applicationId: app.id,
      borrowerId: storedBorrower.id,
      address,
      spouse: h.spouse,
    });

    const applicationChanges = changed(app, {
      hasDependents: h.hasDependents,
      numberOfDependentsInHousehold: h.numberOfDependentsInHousehold,
      isHomeowner: h.isHomeowner,
      hasMortgageEscrow: h.hasMortgageEscrow,
      monthlyRentOrMortgageAmount: h.monthlyRentOrMortgageAmount,
      isCarOwner: h.isCarOwner,
      hasSpouse: h.hasSpouse,
    });
    const unchanged =
      Object.keys(borrowerChanges).length === 0 &&
      !spouseChanged &&
      Object.keys(applicationChanges).length === 0 &&
      hasCompleted(app.lastCompletedPage, 'Household');
    if (unchanged) await moveOnUnchanged(tx, app, 'Credit');
    else
      await updateApplication(tx, app, { completed: 'Household', viewed: 'Credit', set: applicationChanges });
  });
  return { next: PAGE_ROUTES.Credit };
}

/** Saves the spouse's answers; true when a row was written (added, changed or removed). */
async function saveSpouse(
  tx: Parameters<Parameters<Services['database']['db']['transaction']>[0]>[0],
  o: {
    cipher: Services['cipher'];
    applicationId: string;
    borrowerId: string;
    address: Address;
    spouse: HouseholdSpouse | null;
  },
): Promise<boolean> {
  const stored = await tx.query.spouse.findFirst({ where: eq(spouse.applicationId, o.applicationId) });
  if (!o.spouse) {
    if (stored) await tx.delete(spouse).where(eq(spouse.id, stored.id));
    return stored !== undefined;
  }
  const s = o.spouse;
  // 'Same as above' copies the borrower's address (and follows it on every save); 'No' keeps the spouse's own.
  const address: Address = s.hasSameAddressAsBorrower
    ? o.address
    : ({
        addressLine1: s.addressLine1 ?? null,
        addressLine2: s.addressLine2 ?? null,
        city: s.city ?? null,
        state: s.state ?? null,
        zipCode: s.zipCode ?? null,
      } as Address);
  const dateOfBirth = toIsoDate(s.dateOfBirth);
  const values = {
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email ?? null,
    phoneNumber: s.phoneNumber ? phoneToE164(s.phoneNumber) : null,
    hasSameAddressAsBorrower: s.hasSameAddressAsBorrower,
    preferredLanguage: s.preferredLanguage ?? null,
    ...address,
  };
  if (!stored) {
    // Saved, then linked to the borrower: one row carrying both links.
    await tx.insert(spouse).values({
      ...values,
      dateOfBirth: o.cipher.encrypt(dateOfBirth),
      applicationId: o.applicationId,
      borrowerId: o.borrowerId,
    });
    return true;
  }
  const changes = changed(stored, values);
  const storedDob = stored.dateOfBirth ? o.cipher.decrypt(stored.dateOfBirth) : null;
  if (storedDob !== dateOfBirth) Object.assign(changes, { dateOfBirth: o.cipher.encrypt(dateOfBirth) });
  if (Object.keys(changes).length === 0) return false;
  await tx.update(spouse).set(changes).where(eq(spouse.id, stored.id));
  return true;
}
