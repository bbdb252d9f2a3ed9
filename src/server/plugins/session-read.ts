import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie } from 'cookie';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { session, user } from '../db/schema/auth';
import type { ReadCache } from './read-cache';

/** The cookies better-auth reads when it looks a session up (from its context's authCookies). */
export type SessionCookieNames = { sessionToken: string; sessionData: string; dontRememberToken: string };

/** What a request needs of its session and user; the viewer is made from it. */
export type SessionRead = {
  sessionId: string;
  twoFactorVerified: boolean;
  isStaff: boolean;
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
};

/** A session as kept in memory between requests: the read and when the session ends. */
export type CachedSession = SessionRead & { expiresAt: number };

function prepareSessionRead(db: Db) {
  return db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      twoFactorVerified: session.twoFactorVerified,
      isStaff: session.isStaff,
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      mustChangePassword: user.mustChangePassword,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('session_of_token');
}

/**
 * Every signed-in request reads its session. better-auth's own read (getSession) builds a generic query that
 * PostgreSQL parses and plans at every request, which costs more than the rest of a borrower's request. This
 * answers the common case, a live session that is not yet due for its refresh, with one named prepared
 * statement, and nothing else: it returns undefined, meaning "ask better-auth", for a missing or badly signed
 * cookie, an unknown, expired or refresh-due session, and the cookies better-auth handles specially (a
 * "don't remember me" session, a stale session-data cookie), so better-auth still clears cookies, deletes
 * expired sessions and extends busy ones exactly as it does.
 *
 * A live session read is kept in `cache` until it is due for its refresh, and dropped as soon as its session or
 * user row changes (a sign-out, a password change, a passed second factor), on every instance: the database
 * announces the change (read-cache.ts). So a revoked session is refused at the next request, as without it.
 */
export function createSessionReader(o: {
  db: Db;
  /** The secret better-auth signs its cookies with. */
  secret: string;
  cookies: SessionCookieNames;
  /** better-auth's session.expiresIn and session.updateAge, in seconds. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
  cache?: ReadCache<CachedSession>;
}) {
  const read = prepareSessionRead(o.db);
  const refreshAfterMs = (o.expiresInSeconds - o.updateAgeSeconds) * 1000;
  return async (cookieHeader: string | undefined, now = Date.now()): Promise<SessionRead | undefined> => {
    if (!cookieHeader) return undefined;
    const cookies = parseCookie(cookieHeader);
    if (cookies[o.cookies.sessionData] !== undefined || cookies[o.cookies.dontRememberToken] !== undefined) {
      return undefined;
    }
    const token = verifiedToken(cookies[o.cookies.sessionToken], o.secret);
    if (!token) return undefined;
    const kept = o.cache?.get(token);
    const ticket = o.cache?.ticket() ?? 0;
    const row = kept ?? (await read.execute({ token }))[0];
    if (!row) return undefined;
    const expiresAt = typeof row.expiresAt === 'number' ? row.expiresAt : row.expiresAt.getTime();
    // better-auth extends a session once less than expiresIn − updateAge of it is left.
    const refreshDue = expiresAt - refreshAfterMs;
    if (expiresAt <= now || refreshDue <= now) return undefined;
    const { expiresAt: _expiresAt, ...found } = row;
    if (!kept && o.cache) {
      o.cache.set(
        token,
        { ...found, expiresAt },
        { ticket, labels: [`session:${found.sessionId}`, `user:${found.userId}`], deadline: refreshDue },
      );
    }
    return found;
  };
}

/**
 * The token of a cookie signed the way better-auth signs its session cookie (`token.signature`, where the
 * signature is the HMAC-SHA256 of the token with the auth secret in base64), or null.
 */
export function verifiedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'utf8');
  const expected = Buffer.from(createHmac('sha256', secret).update(token, 'utf8').digest('base64'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
