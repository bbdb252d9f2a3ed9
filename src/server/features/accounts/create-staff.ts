import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailField, textField } from '#domain/validation/fields';
import type { Db } from '#server/db/client';
import { account, session, twoFactor, user, userGroup } from '#server/db/schema/auth';
import { counsellor, counsellorWeeklyHours } from '#server/db/schema/counselling';
import { hashPassword } from '#server/plugins/auth';
import { CREDITOR_RELATIONS_GROUP, STAFF_GROUP, SUPERVISOR_GROUP } from '#server/plugins/staff-group';

/**
 * What `npm run staff:create` takes: the email by the same rule as sign-in (an account sign-in would refuse is
 * never created) and a name, one line of at most 80 characters.
 */
export const staffCreateArgsSchema = z.object({
  email: emailField('--email'),
  name: textField('--name', { max: 80 }),
  /** Also creditor relations staff: may revise the creditors' concession programmes. */
  'creditor-relations': z.boolean().default(false),
  /** Also a supervisor: may reopen a failed quality control. */
  supervisor: z.boolean().default(false),
});

/** The arguments of `npm run staff:create`, checked; the messages name the option to fix. */
export function parseStaffCreateArgs(
  values: Record<string, unknown>,
):
  | { ok: true; email: string; name: string; creditorRelations: boolean; supervisor: boolean }
  | { ok: false; errors: string[] } {
  const result = staffCreateArgsSchema.safeParse(values);
  if (result.success) {
    const { 'creditor-relations': creditorRelations, ...rest } = result.data;
    return { ok: true, ...rest, creditorRelations };
  }
  return { ok: false, errors: [...new Set(result.error.issues.map((issue) => issue.message))] };
}

/** Where `npm run dev` serves the web app (scripts/dev.ts); the server behind it listens on PORT. */
export const DEV_WEB_URL = 'http://localhost:5173';

/**
 * What `npm run staff:create` prints: the temporary password and the links, at the address people reach the
 * product at (PUBLIC_URL, else this machine on PORT). Without PUBLIC_URL outside production, the address of
 * `npm run dev` is given too: there the server's own port serves no web app of the moment.
 */
export function staffCreatedLines(o: {
  created: boolean;
  email: string;
  password: string;
  publicUrl: string;
  publicUrlSet: boolean;
  production: boolean;
}): string[] {
  const lines = [
    `${o.created ? 'Created' : 'Updated'} staff user ${o.email}`,
    `Temporary password: ${o.password}`,
    `Sign in: ${o.publicUrl}/sign-in`,
    `Enrolment: ${o.publicUrl}/two-factor/setup`,
  ];
  if (!o.publicUrlSet && !o.production) {
    lines.push(`  (with npm run dev: ${DEV_WEB_URL}/sign-in; set PUBLIC_URL to print another address)`);
  }
  lines.push(
    'The first sign-in asks for your details and a new password, then sets up an authenticator app ' +
      '(scan the QR code, enter a code, keep the recovery codes).',
  );
  return lines;
}

/** A temporary password the new staff member replaces at first sign-in: letters, digits and one special character. */
export const temporaryPassword = () => `${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}7!`;

/**
 * Creates (or re-grants) a staff user: a member of the CustomerService group with a temporary password
 * and must-change-password set, so the first sign-in goes through /user-information and /reset-password,
 * then enrolment of an authenticator app. Re-granting also removes the old authenticator app and ends the
 * person's sessions (the admin's recovery path for a lost phone and lost recovery codes), unless
 * keepSecondFactor is set.
 */
export async function createStaff(
  db: Db,
  o: {
    email: string;
    name: string;
    password?: string;
    mustChangePassword?: boolean;
    keepSecondFactor?: boolean;
    /** Also a member of the creditor relations group (plugins/staff-group.ts). */
    creditorRelations?: boolean;
    /** Also a supervisor (SUPERVISOR_GROUP): may reopen a failed quality control. */
    supervisor?: boolean;
  },
): Promise<{ userId: string; email: string; password: string; created: boolean }> {
  // Every staff account made here (the CLI's, the demo one) goes through the sign-in email rule.
  const checked = emailField().safeParse(o.email);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Email address is invalid');
  const email = checked.data;
  const password = o.password ?? temporaryPassword();
  const digest = await hashPassword(password);
  const [firstName, ...rest] = o.name.trim().split(/\s+/);
  return db.transaction(async (tx) => {
    const existing = await tx.query.user.findFirst({ where: eq(user.email, email) });
    const userId = existing?.id ?? randomUUID();
    if (existing) {
      await tx
        .update(user)
        .set({
          name: o.name,
          mustChangePassword: o.mustChangePassword ?? true,
          ...(o.keepSecondFactor ? {} : { twoFactorEnabled: false }),
          updatedAt: new Date(),
        })
        .where(eq(user.id, userId));
      if (!o.keepSecondFactor) {
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
        await tx.delete(session).where(eq(session.userId, userId));
      }
      await tx
        .update(account)
        .set({ password: digest, updatedAt: new Date() })
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    } else {
      await tx.insert(user).values({
        id: userId,
        email,
        name: o.name,
        firstName: firstName ?? null,
        lastName: rest.join(' ') || null,
        emailVerified: true,
        mustChangePassword: o.mustChangePassword ?? true,
      });
      await tx
        .insert(account)
        .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: digest });
    }
    await tx.insert(userGroup).values({ userId, groupName: STAFF_GROUP }).onConflictDoNothing();
    if (o.creditorRelations) {
      await tx
        .insert(userGroup)
        .values({ userId, groupName: CREDITOR_RELATIONS_GROUP })
        .onConflictDoNothing();
    }
    if (o.supervisor) {
      await tx.insert(userGroup).values({ userId, groupName: SUPERVISOR_GROUP }).onConflictDoNothing();
    }
    return { userId, email, password, created: !existing };
  });
}

export const DEMO_STAFF = {
  // A reserved example domain: it passes the email rule and can never reach a real mailbox.
  email: 'counsellor@demo.example.org',
  name: 'Demo Counsellor',
  password: 'DemoStaff#2026',
};

/**
 * Development convenience: a staff account whose credentials the start prints. Never in production.
 * Its authenticator app survives restarts; the first sign-in enrols one.
 */
export async function ensureDemoStaff(o: { db: Db }) {
  const demo = await createStaff(o.db, { ...DEMO_STAFF, mustChangePassword: false, keepSecondFactor: true });
  await ensureDemoCounsellor(o.db, demo.userId);
  return demo;
}

/**
 * The demo account also takes counselling calls, Monday to Friday 9:00 to 17:00 agency time, in English and
 * Spanish, so the booking page offers times at once on a fresh start. Only the first time: hours the demo
 * counsellor changed in Preferences are kept across restarts.
 */
async function ensureDemoCounsellor(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(counsellor)
      .values({ userId, languages: ['en', 'es'] })
      .onConflictDoNothing()
      .returning({ userId: counsellor.userId });
    if (!added) return;
    await tx.insert(counsellorWeeklyHours).values(
      ([1, 2, 3, 4, 5] as const).map((weekday) => ({
        counsellorId: userId,
        weekday,
        startMinute: 9 * 60,
        endMinute: 17 * 60,
      })),
    );
  });
}
