import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import type { Auth } from '#server/plugins/auth';
import { createFieldCipher } from '#server/security/field-encryption';
import { VendorCallInUnitError, withUnit, type UnitServices } from '#server/unit-of-work';
import { createTestDatabase } from '#tests/setup/test-database';
import { authOutsideUnits, expiredSessionCookies } from './auth-calls';

let database: Database;
let services: UnitServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = { database, cipher: createFieldCipher(randomBytes(32), []), today: () => '2026-11-29' };
});
afterAll(async () => {
  await database.close();
});

/** The parts of better-auth the account routes call, each recording that it ran. */
function fakeAuth(calls: string[]) {
  const context = {
    authCookies: { sessionToken: { name: 'dmp.session_token', attributes: { path: '/' } } },
    password: { hash: async (password: string) => (calls.push('hash'), `hashed ${password}`) },
    internalAdapter: { deleteUserSessions: async (userId: string) => void calls.push(`end ${userId}`) },
  };
  const api = { signOut: async () => (calls.push('signOut'), { success: true }) };
  return { api, $context: Promise.resolve(context) } as unknown as Auth;
}

describe('better-auth as the account routes get it', () => {
  it('answers outside a unit of work, and throws inside one before better-auth runs', async () => {
    const calls: string[] = [];
    const auth = authOutsideUnits(fakeAuth(calls));
    const ctx = await auth.$context;
    await auth.api.signOut({ headers: new Headers() });
    expect(await ctx.password.hash('secret')).toBe('hashed secret');
    await ctx.internalAdapter.deleteUserSessions('u1');
    expect(calls).toEqual(['signOut', 'hash', 'end u1']);

    for (const inside of [
      async () => void (await auth.api.signOut({ headers: new Headers() })),
      async () => void (await ctx.password.hash('secret')),
      () => ctx.internalAdapter.deleteUserSessions('u2'),
    ]) {
      await expect(withUnit(services, inside)).rejects.toBeInstanceOf(VendorCallInUnitError);
    }
    expect(calls).toEqual(['signOut', 'hash', 'end u1']);
  });

  it('leaves what is only read as it is: the cookies a sign-out expires', async () => {
    const auth = authOutsideUnits(fakeAuth([]));
    expect(await auth.$context).toBe(await auth.$context);
    expect(await withUnit(services, () => expiredSessionCookies(auth))).toEqual([
      'dmp.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
  });
});
