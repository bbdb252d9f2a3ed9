import type { FastifyReply } from 'fastify';
import { isAPIError } from 'better-auth/api';

/** Copies the session cookies better-auth set onto our reply. */
export function forwardCookies(reply: FastifyReply, headers: Headers | undefined) {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** better-auth's error code (e.g. INVALID_OTP), or undefined for anything else. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** Expires every session cookie better-auth may have set (after a sign-out, password or email change). */
export async function clearSessionCookies(
  reply: FastifyReply,
  auth: {
    $context: Promise<{ authCookies: Record<string, { name: string; attributes: { path?: string } }> }>;
  },
) {
  const ctx = await auth.$context;
  const cookies = Object.values(ctx.authCookies).map(
    (c) =>
      `${c.name}=; Path=${c.attributes.path ?? '/'}; Max-Age=0; HttpOnly; SameSite=Lax${c.name.startsWith('__') ? '; Secure' : ''}`,
  );
  reply.header('set-cookie', cookies);
}
