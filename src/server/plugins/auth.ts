import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP } from 'better-auth/plugins';
import type { Config } from '../env';
import type { Db } from '../db/client';
import { account, session, user, verification } from '../db/schema/auth';

/** OWASP ASVS: argon2id with m ≥ 19 MiB, t = 2, p = 1. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (digest: string, password: string) => verify(digest, password);

/** Reset and verification links stay valid for an hour; only the newest one works. */
export const CODE_TTL_SECONDS = 60 * 60;
/** Idle timeout: a session not used for this long ends; each use extends it (see SESSION_REFRESH_SECONDS). */
export const SESSION_IDLE_SECONDS = 60 * 60 * 2;
export const SESSION_REFRESH_SECONDS = 60 * 5;

export type OtpEmail = {
  email: string;
  otp: string;
  type: 'sign-in' | 'email-verification' | 'forget-password' | 'change-email';
};

export function createAuth(o: { config: Config; db: Db; sendOtp: (email: OtpEmail) => Promise<void> }) {
  return betterAuth({
    baseURL: o.config.publicUrl,
    secret: o.config.authSecret,
    database: drizzleAdapter(o.db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      // The generated lead password is 60 hex characters; people choose 8 to 20 (checked by our schemas).
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
    session: { expiresIn: SESSION_IDLE_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    advanced: {
      database: { generateId: () => randomUUID() },
      cookiePrefix: 'dmp',
      useSecureCookies: o.config.nodeEnv === 'production',
      // Our routes call better-auth in-process; the same-origin check is done once for every API route.
      disableCSRFCheck: true,
      disableOriginCheck: true,
    },
    // Rate limits are applied by Fastify on our routes (better-auth's own endpoints are not exposed).
    rateLimit: { enabled: false },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: 5,
        storeOTP: 'hashed',
        sendVerificationOTP: (email) => o.sendOtp(email),
      }),
    ],
    telemetry: { enabled: false },
    // Expected outcomes (wrong password, unknown user) are ours to log, without personal data.
    logger: { level: 'error' },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Fastify's IncomingHttpHeaders as the Fetch Headers better-auth expects. */
export function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  return headers;
}
