import { isAPIError } from 'better-auth/api';

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
