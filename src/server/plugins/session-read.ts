import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie } from 'cookie';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { session, user } from '../db/schema/auth';

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
 * expired sessions and extends busy ones exactly as it does. Nothing is cached: a session revoked in the
 * database is refused at the next request, on every instance.
 */
export function createSessionReader(o: {
  db: Db;
  /** The secret better-auth signs its cookies with. */
  secret: string;
  cookies: SessionCookieNames;
  /** better-auth's session.expiresIn and session.updateAge, in seconds. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
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
    const [row] = await read.execute({ token });
    if (!row) return undefined;
    const expiresAt = row.expiresAt.getTime();
    // better-auth extends a session once less than expiresIn − updateAge of it is left.
    if (expiresAt <= now || expiresAt - refreshAfterMs <= now) return undefined;
    const { expiresAt: _expiresAt, ...found } = row;
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
