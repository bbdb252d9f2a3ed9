import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { user, userGroup } from '#server/db/schema/auth';
import { STAFF_GROUP } from '#server/plugins/staff-group';

export type SeedStaff = { id: string; name: string; firstName: string; email: string };

/** The counsellors seeded applications are assigned to. */
export const SEED_STAFF_COUNT = 3;
export const seedStaffEmail = (n: number) => `seed.counsellor.${n}@seed.example.com`;

/**
 * The three 'Seed Counsellor n' staff members, created when absent: members of the staff group without a
 * password (no credential account), so they own seeded work but nobody can sign in as them.
 */
export async function ensureSeedStaff(db: Db): Promise<SeedStaff[]> {
  const wanted = Array.from({ length: SEED_STAFF_COUNT }, (_, k) => ({
    email: seedStaffEmail(k + 1),
    name: `Seed Counsellor ${k + 1}`,
    firstName: 'Seed',
    lastName: `Counsellor ${k + 1}`,
  }));
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(
        inArray(
          user.email,
          wanted.map((w) => w.email),
        ),
      );
    const ids = new Map(existing.map((u) => [u.email, u.id]));
    const staff: SeedStaff[] = [];
    for (const w of wanted) {
      let id = ids.get(w.email);
      if (!id) {
        id = randomUUID();
        await tx.insert(user).values({ id, ...w, emailVerified: true, mustChangePassword: false });
      }
      await tx.insert(userGroup).values({ userId: id, groupName: STAFF_GROUP }).onConflictDoNothing();
      staff.push({ id, name: w.name, firstName: w.firstName, email: w.email });
    }
    return staff;
  });
}
