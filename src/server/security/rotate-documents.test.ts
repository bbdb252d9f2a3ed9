import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDocumentStore } from '#providers/document-store/local';
import type { DocumentStore } from '#providers/document-store/port';
import { sealedDocuments } from '#server/application/sealed-documents';
import { proposal } from '#server/db/schema/proposal';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationIn } from '#tests/support/staff-actions';
import { createFieldCipher, sealedKeyId } from './field-encryption';
import { documentKeysInUse, rotateDocuments } from './rotate-documents';

// Rotating ENCRYPTION_KEY re-seals the documents kept outside the database too: proposals sealed under the old
// key are stored again under the new one and still open to the same PDF; a second run has nothing to do; a
// document sealed with a key not given is reported by proposal id and left as it was.

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const strangerKey = randomBytes(32);
const before = createFieldCipher(oldKey);
const after = createFieldCipher(newKey, [oldKey]);
const pdfOf = (n: number) => Buffer.from(`%PDF-1.7 proposal ${n} Pat Doe, 12 Elm Street %%EOF`);

let t: TestApp;
let dir: string;
let store: DocumentStore;
const keys: string[] = [];
const proposalIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'rotate-documents-'));
  store = createLocalDocumentStore({ directory: dir });
  const a = await applicationIn(t, 'counselorReview', 'Rotator');
  // Three under the old key, one under a key this server was never given, one listed but never stored.
  const sealers = [before, before, before, createFieldCipher(strangerKey), null];
  for (const [i, sealer] of sealers.entries()) {
    const offer = a.offers[i]!;
    const key = `proposals/${a.applicationId}/${offer.id}-${i}.pdf`;
    if (sealer) await sealedDocuments(store, sealer).put(key, pdfOf(i));
    const [row] = await t.db
      .insert(proposal)
      .values({ offerId: offer.id, applicationId: a.applicationId, documentKey: key })
      .returning({ id: proposal.id });
    keys.push(key);
    proposalIds.push(row!.id);
  }
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const keyIdOf = async (key: string) => {
  const stored = await store.get(key);
  return stored === null ? null : sealedKeyId(Buffer.from(stored).toString('utf8'));
};

describe('rotateDocuments', () => {
  it('counts the documents per key before the rotation', async () => {
    // The factory's application has five offers, one per case above.
    expect(keys).toHaveLength(5);
    expect(await documentKeysInUse(t.db, store)).toEqual({
      [before.currentKeyId]: 3,
      [createFieldCipher(strangerKey).currentKeyId]: 1,
      missing: 1,
    });
  });

  it('re-seals every document under the new key, and each still opens to the same PDF', async () => {
    const seen: number[] = [];
    const result = await rotateDocuments(t.db, store, after, {
      batchSize: 2,
      onProgress: (p) => seen.push(p.total),
    });
    expect(result).toMatchObject({ total: 5, resealed: 3, current: 3, missing: 1, unreadableCount: 1 });
    // Walked in batches of two.
    expect(seen[0]).toBe(2);
    for (let i = 0; i < 3; i++) {
      expect(await keyIdOf(keys[i]!)).toBe(after.currentKeyId);
      expect(await sealedDocuments(store, createFieldCipher(newKey)).get(keys[i]!)).toEqual(pdfOf(i));
    }
    expect(result.unreadable).toEqual([proposalIds[3]]);
    // Left as it was, under the stranger's key.
    expect(await keyIdOf(keys[3]!)).toBe(createFieldCipher(strangerKey).currentKeyId);
  });

  it('has nothing left to do when run again', async () => {
    const again = await rotateDocuments(t.db, store, after);
    expect(again.resealed).toBe(0);
    expect(again.current).toBe(3);
    expect(await documentKeysInUse(t.db, store)).toEqual({
      [after.currentKeyId]: 3,
      [createFieldCipher(strangerKey).currentKeyId]: 1,
      missing: 1,
    });
  });
});
