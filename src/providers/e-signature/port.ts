/*
 * E-signature of the Letter of Authorization: the borrower signs it electronically, through a provider that
 * sends the document by email. The server renders the letter as a PDF, creates an envelope with one signer per
 * person (the borrower, and the spouse when there is one), learns of signatures from the provider's webhook
 * (or by asking), and keeps the signed copy's SHA-256.
 *
 * Every adapter (the sandbox, the DocuSign one) passes tests/contracts/e-signature.contract.ts.
 */

import type { Language } from '#domain/i18n/language';

export type SignerRole = 'borrower' | 'spouse';

/**
 * A point on a page of the document: `page` counts from 1; `x` and `y` are PDF points (1/72 inch) from the
 * page's bottom-left corner, as PDF itself measures. Each adapter converts them to its provider's units.
 */
export type PagePoint = { page: number; x: number; y: number };

/**
 * Where a signer's marks go: the left end of the signature line and of the date line, on the line. Given as
 * positions rather than as text hidden in the document, which text extraction, screen readers and
 * copy-paste would still find.
 */
export type SignerPositions = { signature: PagePoint; date: PagePoint };

export type EnvelopeSigner = {
  role: SignerRole;
  name: string;
  email: string;
  /** Where this signer signs and dates the document; the adapter refuses a point off the document. */
  positions: SignerPositions;
  /**
   * The language this signer reads (English when absent): a provider that emails the signer itself, and
   * shows its own signing page, does both in it (DocuSign's per-recipient `supportedLanguage`).
   */
  language?: Language;
  /**
   * The provider's own invitation to this signer, in the signer's language, when the provider sends one;
   * absent: the envelope's `emailSubject` and the provider's standard wording. A provider that does not email
   * signers (the sandbox) ignores it: the caller's own email says the same.
   */
  invitation?: { subject: string; body: string };
};

export type SignerStatus = {
  role: SignerRole;
  status: 'sent' | 'delivered' | 'completed' | 'declined';
  /** ISO timestamp; set once completed. */
  signedAt: string | null;
};

export type EnvelopeStatus = {
  envelopeId: string;
  status: 'sent' | 'delivered' | 'completed' | 'declined' | 'voided';
  signers: SignerStatus[];
};

/**
 * A verified webhook event: which envelope changed, and (for a recipient event) which signer. Both adapters
 * read DocuSign Connect's JSON messages, so the server has one webhook route whichever is configured.
 */
export type SignatureEvent = {
  /**
   * The event's id; the server ignores an event id it has seen (deduplication). Connect sends no delivery id,
   * so it is derived from the message (event, envelope, recipient, generatedDateTime): a redelivery of the
   * same event has the same id.
   */
  eventId: string;
  envelopeId: string;
  event: 'recipient-completed' | 'envelope-completed' | 'envelope-declined' | 'envelope-voided' | 'other';
  role: SignerRole | null;
};

export interface ESignature {
  /**
   * Creates and sends an envelope holding `document` (a PDF) for every signer, whose signature and date go
   * at the signer's `positions`. `deliversEmail` says whether the provider itself emails each signer
   * (DocuSign does); when false the caller emails each signer the link from `signingUrl`.
   */
  createEnvelope(o: {
    document: Uint8Array;
    documentName: string;
    emailSubject: string;
    signers: EnvelopeSigner[];
  }): Promise<{ envelopeId: string; templateId: string | null }>;
  readonly deliversEmail: boolean;
  /**
   * A URL where `role` signs; `returnUrl` is where the signer goes after. DocuSign: a one-time recipient view,
   * valid for minutes, so ask for it when the signer is about to sign. Sandbox: the product's signing page
   * with the signer's token in the fragment, stable, for the email. `language` is the letter's: a link to one of
   * our pages asks for it, so the page opens in the letter's language on any device.
   */
  signingUrl(o: {
    envelopeId: string;
    role: SignerRole;
    returnUrl: string;
    language?: Language;
  }): Promise<string>;
  /**
   * Voids an envelope no signer should sign any more (the letter was made again): its links stop working and
   * it can never complete. Voiding a voided envelope does nothing; rejects for a completed or unknown one.
   */
  voidEnvelope(envelopeId: string, reason: string): Promise<void>;
  /** The envelope's status and each signer's. Rejects for an unknown envelope. */
  getEnvelope(envelopeId: string): Promise<EnvelopeStatus>;
  /** The signed PDF (every signature applied); rejects until the envelope is completed. */
  getSignedDocument(envelopeId: string): Promise<Uint8Array>;
  /**
   * Verifies a webhook by the provider's HMAC over the raw body (`x-docusign-signature-1`, base64
   * HMAC-SHA256), then reads it; null when the signature or the body does not check out.
   */
  verifyWebhook(o: { rawBody: string; headers: Record<string, string | undefined> }): SignatureEvent | null;
}
