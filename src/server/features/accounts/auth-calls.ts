import { isAPIError } from 'better-auth/api';
import type { Auth } from '#server/plugins/auth';
import { outsideUnits } from '#server/unit-of-work';

/** The session cookies better-auth set (Set-Cookie values); the route puts them on its answer. */
export const sessionCookies = (headers: Headers | undefined): string[] => headers?.getSetCookie() ?? [];

/** better-auth's error code (e.g. INVALID_OTP), or undefined for anything else. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** Set-Cookie values that expire every session cookie better-auth may have set (after a sign-out, password or email change). */
export async function expiredSessionCookies(auth: {
  $context: Promise<{ authCookies: Record<string, { name: string; attributes: { path?: string } }> }>;
}): Promise<string[]> {
  const ctx = await auth.$context;
  return Object.values(ctx.authCookies).map(
    (c) =>
      `${c.name}=; Path=${c.attributes.path ?? '/'}; Max-Age=0; HttpOnly; SameSite=Lax${c.name.startsWith('__') ? '; Secure' : ''}`,
  );
}

type AuthContext = Awaited<Auth['$context']>;

/**
 * better-auth as the account routes get it: its endpoints (`api`), its internal adapter (which runs queries of
 * its own) and its password hasher (the CPU-heavy part of a sign-in) throw when called inside a unit of work,
 * like any vendor's port. Everything else (its cookies' names, its options) is read as it is.
 */
export function authOutsideUnits(auth: Auth): Auth {
  const api = outsideUnits(auth.api, 'auth.api');
  let context: Promise<AuthContext> | undefined;
  const wrapContext = (ctx: AuthContext): AuthContext => {
    const internalAdapter = outsideUnits(ctx.internalAdapter, 'auth.internalAdapter');
    const password = outsideUnits(ctx.password, 'auth.password');
    return new Proxy(ctx, {
      get(target, property, receiver) {
        if (property === 'internalAdapter') return internalAdapter;
        if (property === 'password') return password;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  };
  return new Proxy(auth, {
    get(target, property, receiver) {
      if (property === 'api') return api;
      // Wrapped once, when first asked for: the context is a promise better-auth settles at its start.
      if (property === '$context') return (context ??= target.$context.then(wrapContext));
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
