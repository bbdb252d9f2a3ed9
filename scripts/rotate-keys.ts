/**
 * Key rotation: re-seals every value sealed with an old encryption key under ENCRYPTION_KEY, table by table,
 * in short batches, then every document in the document store (the creditors' proposals), printing how far each
 * is (counts only: nothing read is ever printed).
 * Usage: npm run keys:rotate -- [--check] [--batch-size N]
 *   --check   changes nothing: lists which key ids the stored values use, and fails when one is unknown.
 * Safe to run while the server serves (on PostgreSQL; the embedded database belongs to one process, so stop
 * the server first) and to run again: values already under ENCRYPTION_KEY are skipped, so a run stopped
 * half-way carries on where it left off. Exits 1 when a value could not be opened with any key given.
 * The steps of a rotation are in the README (Key rotation).
 */
import { createDatabaseDocumentStore } from '#server/application/database-documents';
import { parseArgs } from 'node:util';
import { createDocumentStore } from '#providers/document-store/index';
import { loadConfigOrExit, openDatabaseOrExit } from '#server/command-start';
import { createFieldCipher, encryptionKeyId } from '#server/security/field-encryption';
import { documentKeysInUse, rotateDocuments } from '#server/security/rotate-documents';
import { keysInUse, rotateKeys } from '#server/security/rotate-keys';

const USAGE = 'Usage: npm run keys:rotate -- [--check] [--batch-size N]';

let args: { check: boolean; batchSize: number };
try {
  const { values } = parseArgs({
    options: { check: { type: 'boolean', default: false }, 'batch-size': { type: 'string', default: '200' } },
  });
  const batchSize = Number(values['batch-size']);
  if (!/^\d{1,5}$/.test(values['batch-size']) || batchSize < 1)
    throw new Error('--batch-size must be 1 to 99999');
  args = { check: values.check, batchSize };
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(USAGE);
  process.exit(1);
}

const config = loadConfigOrExit();

const cipher = createFieldCipher(config.encryptionKey, config.encryptionKeysOld);
const known = new Set([cipher.currentKeyId, ...config.encryptionKeysOld.map(encryptionKeyId)]);
console.log(
  `Current key (ENCRYPTION_KEY): ${cipher.currentKeyId}; old keys (ENCRYPTION_KEYS_OLD): ` +
    (config.encryptionKeysOld.map(encryptionKeyId).join(', ') || 'none'),
);

const database = await openDatabaseOrExit(config);
const documents = createDocumentStore(config, { database: createDatabaseDocumentStore(database.db) });
/**
 * A bucket policy without s3:ListBucket (docs/providers.md) makes S3 answer 403 for a missing object, the same
 * as for one it may not read: "missing" then also counts documents the policy hides.
 */
const MISSING_HINT =
  documents.kind === 's3' ? ', or refused by the bucket policy (403 AccessDenied answers both)' : '';
let failed = false;

/** 'key n (what it means)' for each key id in use; marks the run failed on a key this server was not given. */
function describeKeys(byKey: Record<string, number>): string {
  const parts = Object.entries(byKey).map(([key, n]) => {
    const note =
      key === cipher.currentKeyId
        ? ' (current)'
        : key === 'v1' || key === 'clear'
          ? ' (to re-seal)'
          : key === 'missing'
            ? ` (named in the database, absent from the store${MISSING_HINT})`
            : known.has(key)
              ? ' (old key)'
              : ' (UNKNOWN KEY)';
    if (note === ' (UNKNOWN KEY)') failed = true;
    return `${key} ${n}${note}`;
  });
  return parts.join(', ') || 'empty';
}

try {
  await database.migrate();
  if (args.check) {
    for (const use of await keysInUse(database.db)) {
      console.log(`${use.table}.${use.column}: ${describeKeys(use.byKey)}`);
    }
    console.log(
      `documents (${documents.kind}): ${describeKeys(await documentKeysInUse(database.db, documents))}`,
    );
    if (failed)
      console.error(
        'Some values were sealed with a key this server was not given: add it to ENCRYPTION_KEYS_OLD.',
      );
  } else {
    let lastPrint = 0;
    const results = await rotateKeys(database.db, cipher, {
      batchSize: args.batchSize,
      onProgress: (p) => {
        if (Date.now() - lastPrint < 1000) return;
        lastPrint = Date.now();
        console.log(`  ${p.table}.${p.column}: ${p.current}/${p.total} under the current key`);
      },
    });
    for (const r of results) {
      console.log(
        `${r.table}.${r.column}: ${r.current}/${r.total} under the current key (${r.resealed} re-sealed now)` +
          (r.unreadableCount > 0
            ? `; ${r.unreadableCount} could not be opened with any key given, rows ${r.unreadable.join(', ')}`
            : ''),
      );
      if (r.unreadableCount > 0 || r.current < r.total) failed = true;
    }
    const d = await rotateDocuments(database.db, documents, cipher, {
      batchSize: args.batchSize,
      onProgress: (p) => {
        if (Date.now() - lastPrint < 1000) return;
        lastPrint = Date.now();
        console.log(`  documents: ${p.current}/${p.total} under the current key`);
      },
    });
    console.log(
      `documents (${documents.kind}): ${d.current}/${d.total} under the current key (${d.resealed} re-sealed now)` +
        (d.missing > 0
          ? `; ${d.missing} named in the database but absent from the store${MISSING_HINT}`
          : '') +
        (d.unreadableCount > 0
          ? `; ${d.unreadableCount} could not be opened with any key given, proposals ${d.unreadable.join(', ')}`
          : ''),
    );
    if (d.unreadableCount > 0) failed = true;
    // A value sealed meanwhile under an old key (an instance still started with it) leaves a column short.
    console.log(
      failed
        ? 'Not done: keep every old key; once every instance runs with the new ENCRYPTION_KEY, run this again (npm run keys:rotate -- --check lists the keys in use).'
        : 'Done: every sealed value is under the current key; the old keys can be removed from ENCRYPTION_KEYS_OLD.',
    );
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
