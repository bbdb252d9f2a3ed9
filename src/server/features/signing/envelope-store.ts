import { eq } from 'drizzle-orm';
import type { SandboxEnvelope, SandboxEnvelopeStore } from '#providers/e-signature/sandbox';
import type { Db } from '#server/db/client';
import { eSignatureSandboxEnvelope } from '#server/db/schema/ops';
import type { FieldCipher } from '#server/security/field-encryption';

/**
 * Keeps the e-signature sandbox's envelopes in the database, so an emailed signing link survives a restart.
 * Each is sealed with ENCRYPTION_KEY as the signed letter is: the letter names the borrower, their address,
 * creditors and balances, and a signer's token opens the signing page.
 */
export function databaseEnvelopeStore(db: Db, cipher: FieldCipher): SandboxEnvelopeStore {
  return {
    async load(envelopeId) {
      const [row] = await db
        .select({ data: eSignatureSandboxEnvelope.data, sealed: eSignatureSandboxEnvelope.sealed })
        .from(eSignatureSandboxEnvelope)
        .where(eq(eSignatureSandboxEnvelope.envelopeId, envelopeId));
      if (!row) return undefined;
      // An envelope saved before envelopes were sealed is read as it was kept, and sealed when next saved.
      if (row.sealed === null) return (row.data ?? undefined) as SandboxEnvelope | undefined;
      return JSON.parse(cipher.decrypt(row.sealed)) as SandboxEnvelope;
    },
    async save(envelope) {
      const sealed = cipher.encrypt(JSON.stringify(envelope));
      await db
        .insert(eSignatureSandboxEnvelope)
        .values({ envelopeId: envelope.envelopeId, sealed, data: null })
        .onConflictDoUpdate({ target: eSignatureSandboxEnvelope.envelopeId, set: { sealed, data: null } });
    },
  };
}
