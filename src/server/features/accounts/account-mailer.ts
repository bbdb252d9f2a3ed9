import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { ownerLanguage } from '#server/application/recipient-language';
import { user } from '#server/db/schema/auth';
import type { OtpEmail } from '#server/plugins/auth';
import type { FieldCipher } from '#server/security/field-encryption';
import { enqueueEmail } from '#server/email/outbox';
import { initialPasswordEmail, resetPasswordEmail, verifyNewEmailEmail } from '#server/email/templates';

/**
 * Turns better-auth's one-time codes into our emails. A user who still has the generated password
 * (must-change-password) gets the 'finish creating your account' email; others get a reset link.
 */
export function createAccountMailer(o: {
  db: Db;
  /** Seals the email's body in the outbox. */
  cipher: FieldCipher;
  publicUrl: string;
  onEmailQueued?: (id: string) => void;
}) {
  async function sendOtp({ email, otp, type }: OtpEmail) {
    let message;
    if (type === 'forget-password') {
      const found = await o.db.query.user.findFirst({ where: eq(user.email, email) });
      const language = found ? await ownerLanguage(o.db, found.id) : 'en';
      message = found?.mustChangePassword
        ? initialPasswordEmail({
            publicUrl: o.publicUrl,
            email,
            code: otp,
            firstName: found.firstName,
            language,
          })
        : resetPasswordEmail({ publicUrl: o.publicUrl, email, code: otp, language });
    } else if (type === 'email-verification') {
      const found = await o.db.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } });
      const language = found ? await ownerLanguage(o.db, found.id) : 'en';
      message = verifyNewEmailEmail({ publicUrl: o.publicUrl, email, code: otp, language });
    } else {
      throw new Error(`No email for one-time codes of type ${type}`);
    }
    const id = await o.db.transaction((tx) => enqueueEmail(tx, o.cipher, message));
    o.onEmailQueued?.(id);
  }
  return { sendOtp };
}
