import { eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { Household, HouseholdBorrower, HouseholdSpouse } from '#domain/validation/application';
import { phoneToE164, toIsoDate } from '#domain/validation/format';
import { application, borrower, spouse } from '#server/db/schema/application';
import { assertCanSave, lockOwnApplication, updateApplication } from '#server/application/application-state';
import { ownCurrentApplication } from '#server/application/own-application';
import { builtOnce } from '#server/db/built-once';
import { hasCompleted } from '#domain/flow/page-order';
import type { FieldCipher } from '#server/security/field-encryption';
import type { Reader, Transaction, Unit } from '#server/unit-of-work';
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

// The household save's two reads, built once (built-once.ts): a relational read cost drizzle about 350 µs to
// build at every save.
const ownBorrowerPhone = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({
      where: ownCurrentApplication(sql.placeholder('owner')),
      columns: { id: true },
      with: { borrower: { columns: { phoneNumber: true } } },
    })
    .prepare('own_borrower_phone'),
);
const householdOf = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({
      where: eq(application.id, sql.placeholder('id')),
      columns: { id: true },
      with: { borrower: true, spouse: true },
    })
    .prepare('household_of_application'),
);

/**
 * The phone number stored for the borrower of the signed-in account's application: undefined when there is no
 * application or borrower yet (the household save then refuses it, as before). One statement (the borrower
 * joined to the application), so it needs no transaction: a unit or a read-only unit's reader.
 */
export async function storedBorrowerPhone(db: Reader, userId: string): Promise<string | null | undefined> {
  const own = await ownBorrowerPhone(db).execute({ owner: userId });
  return own?.borrower ? own.borrower.phoneNumber : undefined;
}

/**
 * Writes /household's answers in the unit: the household answers (the schema already applied the dependents
 * and escrow rules), the borrower's details, and the spouse (saved and linked to the borrower, with the
 * borrower's address when 'same as above', removed when the borrower applies alone). `verified`: the phone
 * was looked up, and found valid, before the unit. A phone another save changed in the meantime was never
 * looked up, and is refused (409; sent again, it is looked up). The same answers sent again
 * for a completed page write nothing (moveOnUnchanged).
 */
export async function writeHousehold(
  unit: Unit,
  o: { userId: string; household: Household; phoneE164: string; verified: boolean },
): Promise<void> {
  const { tx, cipher } = unit;
  const h = o.household;
  const { phoneE164, verified } = o;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'Household');
  // The borrower and the spouse (one at most) in one statement, read under the application's lock: a read of
  // each made two round trips and two statements built.
  const household = await householdOf(tx).execute({ id: app.id });
  const storedBorrower = household?.borrower;
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
  if (storedDob !== dateOfBirth) Object.assign(borrowerChanges, { dateOfBirth: cipher.encrypt(dateOfBirth) });
  if (Object.keys(borrowerChanges).length > 0) {
    await tx.update(borrower).set(borrowerChanges).where(eq(borrower.id, storedBorrower.id));
  }

  const spouseChanged = await saveSpouse(tx, {
    cipher,
    stored: household.spouse ?? undefined,
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
}

/** Saves the spouse's answers; true when a row was written (added, changed or removed). */
async function saveSpouse(
  tx: Transaction,
  o: {
    cipher: FieldCipher;
    /** The spouse's row as stored, read with the borrower's. */
    stored: typeof spouse.$inferSelect | undefined;
    applicationId: string;
    borrowerId: string;
    address: Address;
    spouse: HouseholdSpouse | null;
  },
): Promise<boolean> {
  const { stored } = o;
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
