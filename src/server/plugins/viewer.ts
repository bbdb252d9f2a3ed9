import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#domain/errors';
import type { Db } from '../db/client';
import { type Auth, SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS, toHeaders } from './auth';
import { parseCookie } from 'cookie';
import type { ReadCache } from './read-cache';
import { type CachedSession, createSessionReader, type SessionRead, verifiedToken } from './session-read';

/**
 * Who may call a route. Every /api route declares one:
 * public (anyone), user (any signed-in person), borrower (signed in, not staff), staff.
 */
export type Role = 'public' | 'user' | 'borrower' | 'staff';

export type Viewer = {
  userId: string;
  sessionId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  mustChangePassword: boolean;
  isStaff: boolean;
  /** An authenticator app is enrolled (better-auth twoFactor). */
  twoFactorEnabled: boolean;
  /** This session passed the second factor; staff routes need it (FTC Safeguards Rule, MFA). */
  secondFactorVerified: boolean;
};

/** A staff member who has not passed the second factor in this session is sent here instead. */
export const secondFactorPage = (viewer: Pick<Viewer, 'twoFactorEnabled'>) =>
  viewer.twoFactorEnabled ? '/two-factor' : '/two-factor/setup';
export const SECOND_FACTOR_REQUIRED = 'Please confirm your sign-in with your authenticator app.';

/** Where a temporary password is replaced: names and phone, then the new password on /reset-password. */
export const SET_PASSWORD_PAGE = '/user-information';
export const PASSWORD_CHANGE_REQUIRED = 'Please replace your temporary password first.';

/**
 * What a staff member still has to do before the service portal answers, in order; undefined once done.
 * A session of an enrolled app is good for nothing until its code is given, so the code comes first (the
 * new-password page itself is refused until then). Then a temporary password (one an admin handed over, so
 * not a secret of the staff member's alone) is replaced: before an authenticator app is tied to the account,
 * and before any customer information is shown. Then an app is enrolled and its code confirmed.
 */
export function pendingStaffStep(
  viewer: Pick<Viewer, 'mustChangePassword' | 'twoFactorEnabled' | 'secondFactorVerified'>,
): { page: string; message: string } | undefined {
  if (viewer.twoFactorEnabled && !viewer.secondFactorVerified) {
    return { page: secondFactorPage(viewer), message: SECOND_FACTOR_REQUIRED };
  }
  if (viewer.mustChangePassword) return { page: SET_PASSWORD_PAGE, message: PASSWORD_CHANGE_REQUIRED };
  if (!viewer.secondFactorVerified)
    return { page: secondFactorPage(viewer), message: SECOND_FACTOR_REQUIRED };
  return undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    role?: Role;
  }
  interface FastifyRequest {
    /** The signed-in person, read once per request from the session cookie. */
    viewer: () => Promise<Viewer | null>;
  }
  interface FastifyInstance {
    /** Every API route and the role it declared, for the role-matrix test. */
    routeRoles: { method: string; url: string; role: Role }[];
  }
}

/**
 * The borrower's own application routes (the flow's pages, the payment account, the letter) write the
 * application and its rows, never a session or a user row (only the auth routes and the accounts feature do;
 * a test keeps it so): their saves leave this person's session copy in place, so the page that follows a save
 * does not read the session again. Each such read was a statement of nearly every other request of an
 * applicant. A change of the session or user rows made anyway is still announced by the database.
 */
export const keepsSessionCopy = (routeUrl: string | undefined): boolean =>
  routeUrl !== undefined && (routeUrl === '/api/application' || routeUrl.startsWith('/api/application/'));

export function registerViewer(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    db: Db;
    authSecret: string;
    caches: { session: ReadCache<CachedSession>; application: ReadCache<unknown> };
  },
) {
  app.decorate('routeRoles', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const role = (route.config as { role?: Role } | undefined)?.role;
    if (!role) throw new Error(`Route ${String(route.method)} ${route.url} declares no role`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeRoles.push({ method, url: route.url, role });
    }
  });

  app.decorateRequest('viewer', function viewerPlaceholder(this: FastifyRequest) {
    return Promise.resolve(null);
  });
  let reader: Promise<ReturnType<typeof createSessionReader>> | undefined;
  let sessionCookie: string | undefined;
  const readSession = async (cookieHeader: string | undefined) => {
    reader ??= deps.auth.$context.then((context) => {
      sessionCookie = context.authCookies.sessionToken.name;
      return createSessionReader({
        db: deps.db,
        secret: deps.authSecret,
        cookies: {
          sessionToken: context.authCookies.sessionToken.name,
          sessionData: context.authCookies.sessionData.name,
          dontRememberToken: context.authCookies.dontRememberToken.name,
        },
        expiresInSeconds: SESSION_IDLE_SECONDS,
        updateAgeSeconds: SESSION_REFRESH_SECONDS,
        cache: deps.caches.session,
      });
    });
    return (await reader)(cookieHeader);
  };
  const viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  app.addHook('onRequest', async (request, reply) => {
    request.viewer = () => {
      let viewer = viewers.get(request);
      if (!viewer) viewers.set(request, (viewer = loadViewer({ ...deps, readSession }, request, reply)));
      return viewer;
    };
  });
  // A call that may change something drops this person's copies before its answer leaves: the database
  // announces the change to every instance too, but this instance must not answer the very next request
  // (the page that follows a save, a call after a sign-out) from a copy the notice has not dropped yet.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    const cookieHeader = request.headers.cookie;
    if (cookieHeader && sessionCookie && !keepsSessionCopy(request.routeOptions.url)) {
      const token = verifiedToken(parseCookie(cookieHeader)[sessionCookie], deps.authSecret);
      if (token) deps.caches.session.dropKey(token);
    }
    // Only a viewer this request already read: reading one now could rewrite a sign-out's cookies.
    const viewer = await viewers.get(request)?.catch(() => null);
    if (viewer) deps.caches.application.dropKey(viewer.userId);
    return payload;
  });

  // Before the body is parsed or validated: a stranger learns nothing about a route's input.
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const role = request.routeOptions.config.role;
    if (!role || role === 'public') return;
    const viewer = await request.viewer();
    if (!viewer) throw new AppError('NotAuthenticated');
    if (role === 'staff' && !viewer.isStaff) throw new AppError('Forbidden');
    if (role === 'staff') {
      const step = pendingStaffStep(viewer);
      if (step) throw new AppError('Forbidden', step.message, { redirect: step.page });
    }
    if (role === 'borrower' && viewer.isStaff) throw new AppError('Forbidden');
    // An enrolled staff member's session is good for nothing but the code page until it passes the factor.
    if (viewer.isStaff && viewer.twoFactorEnabled && !viewer.secondFactorVerified) {
      throw new AppError('Forbidden', SECOND_FACTOR_REQUIRED, { redirect: secondFactorPage(viewer) });
    }
  });
}

async function loadViewer(
  deps: { auth: Auth; readSession: (cookieHeader: string | undefined) => Promise<SessionRead | undefined> },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Viewer | null> {
  if (!request.headers.cookie) return null;
  // A live session is read with one prepared statement; anything else goes through better-auth (session-read.ts).
  const live = await deps.readSession(request.headers.cookie);
  if (live) {
    const { twoFactorVerified, ...viewer } = live;
    return { ...viewer, secondFactorVerified: twoFactorVerified };
  }
  const { headers, response: found } = await deps.auth.api.getSession({
    headers: toHeaders(request.headers),
    returnHeaders: true,
  });
  // A session in use is extended (better-auth's updateAge); its cookie must be re-issued with the new expiry,
  // or the browser drops it at the first expiry however busy the person is.
  const refreshed = headers.getSetCookie();
  if (refreshed.length > 0) reply.header('set-cookie', refreshed);
  if (!found) return null;
  const u = found.user as typeof found.user & {
    firstName?: string | null;
    lastName?: string | null;
    phoneNumber?: string | null;
    mustChangePassword?: boolean | null;
    twoFactorEnabled?: boolean | null;
  };
  const s = found.session as typeof found.session & {
    twoFactorVerified?: boolean | null;
    isStaff?: boolean | null;
  };
  return {
    userId: u.id,
    sessionId: found.session.id,
    email: u.email,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    phoneNumber: u.phoneNumber ?? null,
    mustChangePassword: Boolean(u.mustChangePassword),
    isStaff: Boolean(s.isStaff),
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
    secondFactorVerified: Boolean(s.twoFactorVerified),
  };
}
