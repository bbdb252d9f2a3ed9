import { createHash, randomInt, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { z } from 'zod';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  isAPIError,
} from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { symmetricDecrypt } from 'better-auth/crypto';
import { emailOTP, twoFactor } from 'better-auth/plugins';
import { TWO_FACTOR_ERROR_CODES } from 'better-auth/plugins/two-factor';
import type { Config } from '../env';
import type { Db, Transaction } from '../db/client';
import { type Write, writeAsOne } from '../db/writes-as-one';
import { betterAuthLogger } from '../logging';
import { account, session, twoFactor as twoFactorTable, user, verification } from '../db/schema/auth';
import { matchingStep, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '#server/security/totp';
import { isStaffUser } from './staff-group';

/** OWASP ASVS: argon2id with m ≥ 19 MiB, t = 2, p = 1. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (digest: string, password: string) => verify(digest, password);

/** Reset and verification links stay valid for an hour; only the newest one works. */
export const CODE_TTL_SECONDS = 60 * 60;
/** Idle timeout: a session not used for this long ends; each use extends it (see SESSION_REFRESH_SECONDS). */
export const SESSION_IDLE_SECONDS = 60 * 60 * 2;
export const SESSION_REFRESH_SECONDS = 60 * 5;

/** The name authenticator apps show next to the staff member's email. */
export const TOTP_ISSUER = 'Clearpath Debt Relief';
/** A sign-in waiting for its second factor stays open this long (the two_factor cookie). */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 10 * 60;
/** Wrong codes allowed per sign-in attempt, then the password again (better-auth's per-challenge budget). */
export const SECOND_FACTOR_ATTEMPTS = 5;
/** Consecutive wrong codes across sign-ins before the account waits 15 minutes (like the spec's reset limit). */
export const SECOND_FACTOR_LOCKOUT_FAILURES = 10;
export const SECOND_FACTOR_LOCKOUT_SECONDS = 15 * 60;
export const RECOVERY_CODE_COUNT = 10;

const VERIFY_TOTP_PATH = '/two-factor/verify-totp';
const SECOND_FACTOR_PATHS = new Set([VERIFY_TOTP_PATH, '/two-factor/verify-backup-code']);

/** Emailed codes are 6 digits. */
export const OTP_LENGTH = 6;
/** A new emailed code, from a CSPRNG. */
export const generateOtp = () =>
  randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
/** Only a code's hash is stored (SHA-256, base64url without padding), so a database copy cannot reset a password. */
export const hashOtp = (otp: string) => createHash('sha256').update(otp, 'utf8').digest('base64url');

/**
 * Stores a reset code the way better-auth's emailOTP plugin stores the ones it makes (the row it looks up by
 * `forget-password-otp-<email>`, value `<hash>:<wrong attempts>`), inside the caller's transaction. The lead
 * form uses it so the account and the email carrying its first code commit together; better-auth then checks
 * and consumes the code as its own. Only the newest code works, as with better-auth's.
 */
export async function storeResetCode(tx: Transaction, email: string, code: string) {
  await writeAsOne(tx, resetCodeWrites(tx, email, code));
}

/**
 * storeResetCode's writes, not sent yet, for a caller that sends them with its own (writeAsOne): the older
 * codes' delete and the new code's insert. In one statement the delete sees the rows as they were before it,
 * so it never deletes the code inserted beside it.
 */
export function resetCodeWrites(tx: Transaction, email: string, code: string): Write[] {
  const identifier = `forget-password-otp-${email}`;
  return [
    tx.delete(verification).where(eq(verification.identifier, identifier)),
    tx.insert(verification).values({
      id: randomUUID(),
      identifier,
      value: `${hashOtp(code)}:0`,
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    }),
  ];
}

export type OtpEmail = {
  email: string;
  otp: string;
  type: 'sign-in' | 'email-verification' | 'forget-password' | 'change-email';
};

export function createAuth(o: {
  config: Config;
  db: Db;
  sendOtp: (email: OtpEmail) => Promise<void>;
  /** The app's logger; without one (the seed script) better-auth logs nothing. */
  log?: Parameters<typeof betterAuthLogger>[0];
}) {
  return betterAuth({
    baseURL: o.config.publicUrl,
    secret: o.config.authSecret,
    database: drizzleAdapter(o.db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor: twoFactorTable },
    }),
    emailAndPassword: {
      enabled: true,
      // People choose 8 to 20 characters (checked by our schemas); a longer one is refused before any hashing.
      minPasswordLength: 8,
      maxPasswordLength: 60,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: hashPassword,
        verify: ({ hash: digest, password }) => verifyPassword(digest, password),
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        phoneNumber: { type: 'string', required: false },
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false },
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      additionalFields: {
        twoFactorVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
        isStaff: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Group membership is read once, when the session begins, and every request reads it from the
          // session: one query fewer per request (staff-group.ts).
          // The lead's session is for an account its own request has just created, with no group (groups are
          // given to existing accounts only, by staff:create): nothing to read.
          before: async (created, ctx) => ({
            data: {
              ...created,
              isStaff: ctx?.path === LEAD_SIGN_IN_PATH ? false : await isStaffUser(o.db, created.userId),
            },
          }),
        },
      },
    },
    advanced: {
      // joins: the session and its user in one query (the schema's sessionRelations), on every request.
      database: { generateId: () => randomUUID(), joins: true },
      cookiePrefix: 'dmp',
      useSecureCookies: o.config.nodeEnv === 'production',
      // Our routes call better-auth in-process; the same-origin check is done once for every API route.
      disableCSRFCheck: true,
      disableOriginCheck: true,
      // The address a session records is the one the rate limits count by: Fastify's reading of the request
      // under TRUST_PROXY, handed over in a header of our own (CLIENT_IP_HEADER), never X-Forwarded-For as the
      // client sent it.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Rate limits are applied by Fastify on our routes (better-auth's own endpoints are not exposed).
    rateLimit: { enabled: false },
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: 5,
        // Our generator and hash, so a code stored by storeResetCode is one the plugin accepts.
        generateOTP: () => generateOtp(),
        storeOTP: { hash: async (otp) => hashOtp(otp) },
        sendVerificationOTP: (email) => o.sendOtp(email),
      }),
      // Staff TOTP (RFC 6238) with recovery codes; borrowers never enable it, so their sign-in is unchanged.
      twoFactor({
        issuer: TOTP_ISSUER,
        totpOptions: { issuer: TOTP_ISSUER, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT, storeBackupCodes: 'encrypted' },
        twoFactorCookieMaxAge: SECOND_FACTOR_CHALLENGE_SECONDS,
        accountLockout: {
          enabled: true,
          maxFailedAttempts: SECOND_FACTOR_LOCKOUT_FAILURES,
          durationSeconds: SECOND_FACTOR_LOCKOUT_SECONDS,
        },
      }),
      secondFactorSession(o.db),
      leadSession(),
    ],
    telemetry: { enabled: false },
    // Through our logger, never to the console: better-auth's own lines would print a failed insert's values.
    // Expected outcomes (wrong password, unknown user) are ours to log, without personal data.
    logger: o.log ? betterAuthLogger(o.log) : { disabled: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Fastify's IncomingHttpHeaders as the Fetch Headers better-auth expects. */
/**
 * The client's address as Fastify reads it under TRUST_PROXY, set on every request by the app (a value the
 * client sent in this header is replaced): what better-auth records on a session.
 */
export const CLIENT_IP_HEADER = 'x-dmp-client-ip';

export function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  return headers;
}

/** The user a second-factor check is for: the signed-in session's, or the pending sign-in's two_factor cookie. */
async function challengedUserId(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
  const signedIn = await getSessionFromCtx(ctx).catch(() => null);
  if (signedIn) return signedIn.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value;
}

/**
 * Our extension of better-auth's twoFactor plugin, through its hooks:
 * - a TOTP code is accepted once: the step it belongs to is claimed atomically before better-auth checks it,
 *   and that step or an older one is refused afterwards (RFC 6238 section 5.2). Recovery codes are single
 *   use in better-auth itself.
 * - a session that passed the second factor is marked twoFactorVerified; staff routes require the mark.
 */
function secondFactorSession(db: Db) {
  return {
    id: 'second-factor-session',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string') return;
            const userId = await challengedUserId(ctx);
            if (!userId) return;
            const row = await db.query.twoFactor.findFirst({ where: eq(twoFactorTable.userId, userId) });
            if (!row) return;
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
            const step = matchingStep(Buffer.from(secret, 'utf8'), code, Date.now());
            // A wrong code is better-auth's to refuse, so it counts toward the attempt budget and the lockout.
            if (step === undefined) return;
            const claimed = await db
              .update(twoFactorTable)
              .set({ lastUsedStep: step })
              .where(
                and(
                  eq(twoFactorTable.id, row.id),
                  or(isNull(twoFactorTable.lastUsedStep), lt(twoFactorTable.lastUsedStep, step)),
                ),
              )
              .returning({ id: twoFactorTable.id });
            if (claimed.length === 0)
              throw APIError.from('UNAUTHORIZED', TWO_FACTOR_ERROR_CODES.INVALID_CODE);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => SECOND_FACTOR_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (!returned || isAPIError(returned)) return;
            // At sign-in and at enrolment better-auth makes a new session; otherwise the current one passed.
            const token =
              ctx.context.newSession?.session.token ?? (returned as { token?: unknown }).token ?? undefined;
            if (typeof token !== 'string') return;
            await ctx.context.internalAdapter.updateSession(token, { twoFactorVerified: true });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** Where the lead's session is opened (in-process only): its session belongs to a brand-new account. */
const LEAD_SIGN_IN_PATH = '/lead/sign-in';

/**
 * The session of a person who has just sent the lead form: their account has no password yet (it is set from
 * the emailed code), so better-auth's sign-in, which checks one, cannot open it. This endpoint opens the
 * session and sets its cookies as that sign-in would. Only our server calls it, in-process, right after the
 * lead's transaction committed the account: better-auth's own endpoints are not exposed over HTTP, and
 * SERVER_ONLY keeps it out of any handler and document even if they were.
 */
function leadSession() {
  return {
    id: 'lead-session',
    endpoints: {
      signInNewLead: createAuthEndpoint(
        LEAD_SIGN_IN_PATH,
        // The user row the lead's transaction inserted (and returned): read back, it would be the same row.
        {
          method: 'POST',
          body: z.object({
            user: z.custom<typeof user.$inferSelect>(
              (value) => typeof value === 'object' && value !== null && 'id' in value,
            ),
          }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const found = ctx.body.user;
          const created = await ctx.context.internalAdapter.createSession(found.id);
          await setSessionCookie(ctx, { session: created, user: found });
          return ctx.json({ token: created.token });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
