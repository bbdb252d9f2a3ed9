import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tables used by better-auth (user, session, account, verification) with the spec's User fields
 * (firstName, lastName, phoneNumber, the must-change-password attribute) as additional fields,
 * and the group membership that makes a user staff.
 */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  /** The spec's username: the lower-cased email. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phoneNumber: text('phone_number'),
  /** Cognito's custom must-change-password attribute: set for generated and temporary passwords. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** better-auth twoFactor: set once the person confirmed an authenticator app with a code. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Set when this session passed the second factor (staff routes need it); see plugins/auth.ts. */
    twoFactorVerified: boolean('two_factor_verified').notNull().default(false),
    /**
     * The user was in the staff group when the session began (plugins/staff-group.ts), so a request reads who
     * it is from the session alone. Changing a person's group ends their sessions (staff:create does).
     */
    isStaff: boolean('is_staff').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

/** Verification codes and links (better-auth): reset-password and email-change codes live here. */
export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * better-auth twoFactor: the TOTP secret and the recovery codes (both encrypted with the auth secret),
 * the failure budget, and the last time step accepted, so a code works once (RFC 6238 section 5.2).
 */
export const twoFactor = pgTable('two_factor', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  /** False until the first code confirms the enrolment. */
  verified: boolean('verified').notNull().default(false),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** The newest 30-second step whose code was accepted; that step and older ones are refused. */
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Group membership; staff are members of 'CustomerService-us-east-2'. */
export const userGroup = pgTable(
  'user_group',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupName] }), index('user_group_group_idx').on(t.groupName)],
);

/** Requests of reset codes per email, for the spec's LimitExceeded rule (too many requests: wait 15 minutes). */
export const passwordResetRequest = pgTable(
  'password_reset_request',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_request_email_idx').on(t.email, t.createdAt)],
);

/**
 * Wrong passwords per username (the lower-cased email, whether or not an account has it) for the growing
 * lockout. In the database so every server instance counts the same tries; see sign-in-lockout.ts.
 */
export const signInFailure = pgTable(
  'sign_in_failure',
  {
    username: text('username').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_failure_last_failure_idx').on(t.lastFailureAt)],
);

/**
 * An email change waiting for its code: the username switches to newEmail only when the code sent there is
 * given with the password. One per user; a new request replaces it.
 */
export const emailChange = pgTable(
  'email_change',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    /** The code's hash (hashOtp), never the code. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_change_new_email_idx').on(t.newEmail)],
);
