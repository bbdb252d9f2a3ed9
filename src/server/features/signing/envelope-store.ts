import { eq } from 'drizzle-orm';
import type { SandboxEnvelope, SandboxEnvelopeStore } from '#providers/e-signature/sandbox';
import type { Db } from '#server/db/client';
import { eSignatureSandboxEnvelope } from '#server/db/schema/ops';

/** Keeps the e-signature sandbox's envelopes in the database, so an emailed signing link survives a restart. */
export function databaseEnvelopeStore(db: Db): SandboxEnvelopeStore {
  return {
    async load(envelopeId) {
      const [row] = await db
        .select({ data: eSignatureSandboxEnvelope.data })
        .from(eSignatureSandboxEnvelope)
        .where(eq(eSignatureSandboxEnvelope.envelopeId, envelopeId));
      return row?.data as SandboxEnvelope | undefined;
    },
    async save(envelope) {
      await db
        .insert(eSignatureSandboxEnvelope)
        .values({ envelopeId: envelope.envelopeId, data: envelope })
        .onConflictDoUpdate({ target: eSignatureSandboxEnvelope.envelopeId, set: { data: envelope } });
    },
  };
}
