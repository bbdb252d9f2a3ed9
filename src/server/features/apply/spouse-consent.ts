import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { ROUTES } from '#domain/flow/routes';
import { linkAskingFor, type Language } from '#domain/i18n/language';
import {
  isSpouseFullName,
  SPOUSE_CONSENT_LINK_LIFE_DAYS,
  SPOUSE_CONSENT_LINKS_PER_DAY,
  type SpouseConsentPageView,
  type SpouseConsentStatusView,
} from '#domain/validation/spouse-consent';
import { SPOUSE_CONSENT_TEXTS } from '#domain/validation/spouse-consent-texts';
import {
  borrower,
  spouse,
  spouseConsentLink,
  spouseCreditConsent,
  type SpouseConsentMethod,
} from '#server/db/schema/application';
import { assertCanSave, lockApplication, lockOwnApplication } from '#server/application/application-state';
import { signerLanguages } from '#server/application/recipient-language';
import { spouseConsentEmail } from '#server/email/templates';
import { intlFor } from '#server/i18n';
import type { Transaction, Unit } from '#server/unit-of-work';
import { MESSAGE_REFS } from '#domain/validation/messages';

// The spouse's own consent to the soft inquiry of their credit file (decision 0170). The applicant cannot
// give it: the spouse ticks and types their own name, at the applicant's screen (recorded by saveCredit) or
// on the page of a link emailed to them (below). The consent is kept with its evidence and audited.

/** Where a consent came from: the browser's address (as the server reads it behind the proxy) and user agent. */
export type ConsentEvidence = { ipAddress: string | null; userAgent: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;
const USER_AGENT_MAX = 400;

export const hashSpouseConsentToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('base64url');

type SpouseRow = { id: string; firstName: string | null; lastName: string | null };

/**
 * The spouse's recorded consent, when it still stands: its typed name must still be the spouse's name on the
 * application (a name changed on /household afterwards is another person's, who has not consented).
 */
export async function standingSpouseConsent(tx: Transaction, s: SpouseRow) {
  const [row] = await tx.select().from(spouseCreditConsent).where(eq(spouseCreditConsent.spouseId, s.id));
  if (!row) return null;
  return isSpouseFullName(row.typedName, s) ? row : null;
}

/**
 * Records the spouse's consent with its evidence (replacing one whose name no longer matches), voids the links
 * still out, marks the spouse's consent flag and audits it, in the unit.
 */
export async function recordSpouseConsent(
  unit: Unit,
  o: {
    applicationId: string;
    spouse: SpouseRow;
    method: SpouseConsentMethod;
    typedName: string;
    language: Language;
    evidence: ConsentEvidence;
    /** Who was signed in at the screen (the applicant's account); null from the emailed link. */
    actorId: string | null;
    linkId?: string;
    now: Date;
  },
): Promise<void> {
  const { tx } = unit;
  const text = intlFor(o.language).formatMessage(SPOUSE_CONSENT_TEXTS[o.method]);
  const values = {
    applicationId: o.applicationId,
    spouseId: o.spouse.id,
    method: o.method,
    typedName: o.typedName.trim(),
    consentText: text,
    language: o.language,
    consentedAt: o.now,
    ipAddress: o.evidence.ipAddress,
    userAgent: o.evidence.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    linkId: o.linkId ?? null,
  };
  const [row] = await tx
    .insert(spouseCreditConsent)
    .values(values)
    .onConflictDoUpdate({ target: spouseCreditConsent.spouseId, set: values })
    .returning({ id: spouseCreditConsent.id });
  await tx
    .update(spouseConsentLink)
    .set({ revokedAt: o.now })
    .where(
      and(
        eq(spouseConsentLink.spouseId, o.spouse.id),
        isNull(spouseConsentLink.usedAt),
        isNull(spouseConsentLink.revokedAt),
      ),
    );
  await tx.update(spouse).set({ consentedToCreditPolicy: true }).where(eq(spouse.id, o.spouse.id));
  // Who and how, never the name typed or the address: the audit's values hold no personal details.
  await unit.audit({
    actorId: o.actorId,
    action: 'spouseCreditConsentGiven',
    entityType: 'spouseCreditConsent',
    entityId: row!.id,
    applicationId: o.applicationId,
    after: { method: o.method, language: o.language },
  });
}

/** GET /api/application/credit/spouse-consent: where the spouse's consent stands, for /credit. */
export async function spouseConsentStatus(
  unit: Unit,
  o: { userId: string; now?: Date },
): Promise<SpouseConsentStatusView> {
  const app = await lockOwnApplication(unit.tx, o.userId);
  const s = await unit.tx.query.spouse.findFirst({ where: eq(spouse.applicationId, app.id) });
  if (!s) throw new AppError('NotFound', MESSAGE_REFS.spouseConsentNoSpouse);
  return statusOf(unit.tx, s, o.now ?? new Date());
}

async function statusOf(
  tx: Transaction,
  s: SpouseRow & { email: string | null },
  now: Date,
): Promise<SpouseConsentStatusView> {
  const given = await standingSpouseConsent(tx, s);
  const [link] = await tx
    .select()
    .from(spouseConsentLink)
    .where(
      and(
        eq(spouseConsentLink.spouseId, s.id),
        isNull(spouseConsentLink.usedAt),
        isNull(spouseConsentLink.revokedAt),
        gt(spouseConsentLink.expiresAt, now),
      ),
    )
    .orderBy(desc(spouseConsentLink.createdAt))
    .limit(1);
  return {
    status: given ? 'given' : link ? 'awaiting' : 'none',
    given: given ? { method: given.method, consentedAt: given.consentedAt.toISOString() } : null,
    link:
      !given && link
        ? {
            sentTo: link.sentTo,
            sentAt: link.createdAt.toISOString(),
            expiresAt: link.expiresAt.toISOString(),
          }
        : null,
    spouseEmail: s.email,
  };
}

/**
 * POST /api/application/credit/spouse-consent/link: emails the spouse a link to give their own consent. The
 * address becomes the spouse's email on the application (their signing emails go there too). A new link
 * replaces the one before; SPOUSE_CONSENT_LINKS_PER_DAY links a day at most (429 after that). The unit
 * announces the email to the queue once it commits.
 */
export async function sendSpouseConsentLink(
  unit: Unit,
  o: { publicUrl: string; userId: string; email: string; now?: Date },
): Promise<SpouseConsentStatusView> {
  const now = o.now ?? new Date();
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'Credit');
  const s = await tx.query.spouse.findFirst({ where: eq(spouse.applicationId, app.id) });
  if (!s) throw new AppError('NotFound', MESSAGE_REFS.spouseConsentNoSpouse);
  if (await standingSpouseConsent(tx, s))
    throw new AppError('Conflict', MESSAGE_REFS.spouseConsentAlreadyGiven);
  const sentToday = await tx
    .select({ id: spouseConsentLink.id })
    .from(spouseConsentLink)
    .where(
      and(
        eq(spouseConsentLink.applicationId, app.id),
        gt(spouseConsentLink.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  if (sentToday.length >= SPOUSE_CONSENT_LINKS_PER_DAY) {
    throw new AppError('RateLimited', MESSAGE_REFS.spouseConsentTooManyLinks);
  }
  await tx
    .update(spouseConsentLink)
    .set({ revokedAt: now })
    .where(
      and(
        eq(spouseConsentLink.spouseId, s.id),
        isNull(spouseConsentLink.usedAt),
        isNull(spouseConsentLink.revokedAt),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  const [link] = await tx
    .insert(spouseConsentLink)
    .values({
      applicationId: app.id,
      spouseId: s.id,
      tokenHash: hashSpouseConsentToken(token),
      sentTo: o.email,
      expiresAt: new Date(now.getTime() + SPOUSE_CONSENT_LINK_LIFE_DAYS * DAY_MS),
      createdAt: now,
    })
    .returning({ id: spouseConsentLink.id });
  if (s.email !== o.email) await tx.update(spouse).set({ email: o.email }).where(eq(spouse.id, s.id));
  const b = await tx.query.borrower.findFirst({ where: eq(borrower.applicationId, app.id) });
  const language = (await signerLanguages(tx, app.id)).spouse;
  // The token travels in the fragment: the browser never sends it to a server, so no log sees it.
  const url = linkAskingFor(`${o.publicUrl}${ROUTES.SpouseConsent}#t=${token}`, language);
  await unit.outbox.email(
    spouseConsentEmail({
      language,
      to: o.email,
      spouseName: s.firstName ?? '',
      borrowerName: [b?.firstName, b?.lastName].filter(Boolean).join(' '),
      url,
      days: SPOUSE_CONSENT_LINK_LIFE_DAYS,
    }),
  );
  await unit.audit({
    actorId: o.userId,
    action: 'spouseConsentLinkSent',
    entityType: 'spouseConsentLink',
    entityId: link!.id,
    applicationId: app.id,
    after: { language, resend: sentToday.length > 0 },
  });
  return statusOf(tx, { ...s, email: o.email }, now);
}

/**
 * The link's row and its application's people, locked for the change; a clear refusal for a token that is not
 * one of ours (404), a link past its life (410), or one already used or replaced (409, saying so).
 */
async function lockLink(tx: Transaction, token: string, now: Date) {
  const [link] = await tx
    .select()
    .from(spouseConsentLink)
    .where(eq(spouseConsentLink.tokenHash, hashSpouseConsentToken(token)))
    .for('update');
  if (!link) throw new AppError('NotFound', MESSAGE_REFS.spouseConsentLinkNotValid);
  const s = await tx.query.spouse.findFirst({ where: eq(spouse.id, link.spouseId) });
  if (!s) throw new AppError('NotFound', MESSAGE_REFS.spouseConsentLinkNotValid);
  if (link.usedAt || (await standingSpouseConsent(tx, s))) {
    throw new AppError('Conflict', MESSAGE_REFS.spouseConsentAlreadyGiven);
  }
  if (link.revokedAt) throw new AppError('NotFound', MESSAGE_REFS.spouseConsentLinkNotValid);
  if (link.expiresAt <= now) {
    throw new AppError('NotFound', MESSAGE_REFS.spouseConsentLinkExpired, { status: 410 });
  }
  return { link, spouse: s };
}

/** POST /api/spouse-consent/view: what the link's page shows, in the spouse's language. */
export async function openSpouseConsentLink(
  unit: Unit,
  o: { token: string; now?: Date },
): Promise<SpouseConsentPageView> {
  const { tx } = unit;
  const { link, spouse: s } = await lockLink(tx, o.token, o.now ?? new Date());
  const b = await tx.query.borrower.findFirst({ where: eq(borrower.applicationId, link.applicationId) });
  return {
    spouseFirstName: s.firstName ?? '',
    borrowerFirstName: b?.firstName ?? '',
    language: (await signerLanguages(tx, link.applicationId)).spouse,
  };
}

/**
 * POST /api/spouse-consent: the spouse's own tick and typed name from the link's page. The name must be the
 * spouse's on the application (400 on the name field otherwise); the link then works no more.
 */
export async function giveSpouseConsentByLink(
  unit: Unit,
  o: { token: string; fullName: string; evidence: ConsentEvidence; now?: Date },
): Promise<void> {
  const now = o.now ?? new Date();
  const { tx } = unit;
  const { link, spouse: s } = await lockLink(tx, o.token, now);
  await lockApplication(tx, link.applicationId);
  if (!isSpouseFullName(o.fullName, s)) {
    throw new AppError('ValidationError', MESSAGE_REFS.spouseConsentNameMismatch, {
      fieldErrors: { fullName: MESSAGE_REFS.spouseConsentNameMismatch },
    });
  }
  await tx.update(spouseConsentLink).set({ usedAt: now }).where(eq(spouseConsentLink.id, link.id));
  await recordSpouseConsent(unit, {
    applicationId: link.applicationId,
    spouse: s,
    method: 'emailedLink',
    typedName: o.fullName,
    language: (await signerLanguages(tx, link.applicationId)).spouse,
    evidence: o.evidence,
    actorId: null,
    linkId: link.id,
    now,
  });
}
