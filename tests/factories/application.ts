import { randomUUID } from 'node:crypto';
import type { Database, Db, Transaction } from '#server/db/client';
import { user } from '#server/db/schema/auth';
import { application, borrower } from '#server/db/schema/application';

/**
 * Factories accept the Database from createTestDatabase() or a drizzle handle (db or transaction): a test's
 * fixtures are written on the plain handle, each statement committing on its own, which is what setting up a
 * test wants.
 */
export type DbLike = Database | Db | Transaction;

type NewUser = typeof user.$inferInsert;
type NewApplication = typeof application.$inferInsert;
type NewBorrower = typeof borrower.$inferInsert;

function handle(db: DbLike): Db | Transaction {
  return 'executeSql' in db ? db.db : db;
}

/** A user with a unique email, as the lead form creates one (must change the generated password). */
export async function createUser(
  db: DbLike,
  overrides: Partial<NewUser> = {},
): Promise<typeof user.$inferSelect> {
  const id = overrides.id ?? randomUUID();
  const firstName = overrides.firstName ?? 'Jane';
  const lastName = overrides.lastName ?? 'Doe';
  const [row] = await handle(db)
    .insert(user)
    .values({
      id,
      email: `borrower-${id.slice(0, 8)}@example.com`,
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      phoneNumber: '+15555550123',
      emailVerified: true,
      mustChangePassword: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('createUser inserted nothing');
  return row;
}

export type CreateApplicationOverrides = {
  /** An existing user to own the application; otherwise a new user is created. */
  userId?: string;
  user?: Partial<NewUser>;
  application?: Partial<Omit<NewApplication, 'owner'>>;
  borrower?: Partial<Omit<NewBorrower, 'owner' | 'applicationId'>>;
};

/** An application just past the lead page: its owner, the application and the borrower. */
export async function createApplication(
  db: DbLike,
  overrides: CreateApplicationOverrides = {},
): Promise<{ userId: string; applicationId: string; borrowerId: string }> {
  return handle(db).transaction(async (tx) => {
    const owner = overrides.userId
      ? await tx.query.user.findFirst({ where: (u, { eq }) => eq(u.id, overrides.userId ?? '') })
      : await createUser(tx, overrides.user);
    if (!owner) throw new Error(`createApplication: no user ${overrides.userId}`);

    const [app] = await tx
      .insert(application)
      .values({
        status: 'inProgress',
        lastCompletedPage: 'Lead',
        lastViewedPage: 'Hardships',
        agreedToTerms: true,
        ...overrides.application,
        owner: owner.id,
      })
      .returning({ id: application.id });
    if (!app) throw new Error('createApplication inserted no application');

    const [row] = await tx
      .insert(borrower)
      .values({
        firstName: owner.firstName,
        lastName: owner.lastName,
        email: owner.email,
        phoneNumber: owner.phoneNumber,
        ...overrides.borrower,
        owner: owner.id,
        applicationId: app.id,
      })
      .returning({ id: borrower.id });
    if (!row) throw new Error('createApplication inserted no borrower');

    return { userId: owner.id, applicationId: app.id, borrowerId: row.id };
  });
}
