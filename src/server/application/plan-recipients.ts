import { eq } from 'drizzle-orm';
import type { Language } from '#domain/i18n/language';
import type { Reader } from '#server/db/client';
import { signerLanguages } from './recipient-language';
import { application, borrower } from '#server/db/schema/application';
import { user } from '#server/db/schema/auth';
import { docusign, docusignSigner } from '#server/db/schema/enrollment';

/**
 * Who hears of a change: everyone who signed the Letter of Authorization, as the signed copy went to each of
 * them (one email per address); without a letter on file, the borrower.
 */
export async function planRecipients(
  tx: Reader,
  applicationId: string,
): Promise<{ to: string; name: string; language: Language }[]> {
  // Each signer hears in their own language; an address both share hears in the borrower's (listed first).
  const languages = await signerLanguages(tx, applicationId);
  const language = languages.borrower;
  const signers = await tx
    .select({ to: docusignSigner.email, name: docusignSigner.name, role: docusignSigner.role })
    .from(docusignSigner)
    .innerJoin(docusign, eq(docusign.id, docusignSigner.docusignId))
    .where(eq(docusign.applicationId, applicationId))
    .orderBy(docusignSigner.role);
  const seen = new Set<string>();
  const distinct = signers.filter((s) => !seen.has(s.to) && seen.add(s.to));
  if (distinct.length > 0) return distinct.map(({ role, ...s }) => ({ ...s, language: languages[role] }));
  const [person] = await tx
    .select({ email: borrower.email, accountEmail: user.email, firstName: borrower.firstName })
    .from(borrower)
    .innerJoin(application, eq(application.id, borrower.applicationId))
    .innerJoin(user, eq(user.id, application.owner))
    .where(eq(borrower.applicationId, applicationId))
    .limit(1);
  return person
    ? [{ to: person.email ?? person.accountEmail, name: person.firstName ?? 'there', language }]
    : [];
}
