import type { FieldCipher } from './field-encryption';
import { sealSmsBody } from '#server/sms/outbox';

/**
 * Every column that holds values sealed with ENCRYPTION_KEY: the ones `npm run keys:rotate` re-seals under a
 * new key. Each is declared with `ciphertext()` in src/server/db/schema, and sealed-columns.test.ts checks
 * that this list and those declarations agree, so a new sealed column cannot be forgotten here.
 */
export type SealedColumn = {
  table: string;
  column: string;
  /** The table's primary key is text (a readable id such as 'chase'), not a uuid. */
  textId?: boolean;
  /** The primary key's column when it is not `id`. */
  idColumn?: string;
  /** Rows per batch (one short transaction each): fewer where a value is large (the signed letter). */
  batchSize?: number;
  /**
   * A column that held values in clear before it was sealed: how to seal such a value. `row` holds the
   * columns named in `with`. Without it a value in clear is reported as unreadable and left as it is.
   */
  sealPlain?: {
    with: string[];
    seal: (cipher: FieldCipher, plain: string, row: Record<string, string>) => string;
  };
};

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'borrower', column: 'date_of_birth' },
  { table: 'spouse', column: 'date_of_birth' },
  { table: 'debt', column: 'account_number' },
  { table: 'collection', column: 'account_number' },
  { table: 'creditor_account', column: 'account_number' },
  { table: 'creditor_account', column: 'routing_number' },
  { table: 'creditor', column: 'ach_routing_number', textId: true },
  { table: 'creditor', column: 'ach_account_number', textId: true },
  { table: 'plaid_item', column: 'access_token' },
  { table: 'payment_account', column: 'account_number' },
  { table: 'payment_account', column: 'routing_number' },
  {
    table: 'docusign',
    column: 'signed_document',
    // A whole PDF each: a batch of 10 keeps a transaction to a few megabytes.
    batchSize: 10,
    // Letters signed before they were sealed are plain base64, which is what a sealed letter holds inside
    // (see signed-letter-store.ts).
    sealPlain: { with: [], seal: (cipher, plain) => cipher.encrypt(plain) },
  },
  // A confirmation's addendum to the letter: a one-page PDF each.
  { table: 'plan_authorization', column: 'addendum_document', batchSize: 50 },
  { table: 'email_outbox', column: 'sealed', batchSize: 50 },
  // The e-signature sandbox's envelopes: a letter's PDF and its signers' tokens each.
  {
    table: 'e_signature_sandbox_envelope',
    column: 'sealed',
    textId: true,
    idColumn: 'envelope_id',
    batchSize: 10,
  },
  // A whole day's CSV each.
  { table: 'proposal_batch', column: 'content', batchSize: 10 },
  {
    table: 'sms_outbox',
    column: 'body',
    // Texts written before texts were sealed.
    sealPlain: { with: ['to'], seal: (cipher, plain, row) => sealSmsBody(cipher, row.to!, plain) },
  },
];
