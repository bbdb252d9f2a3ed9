import { eq } from 'drizzle-orm';
import { ownerLanguage } from '#server/application/recipient-language';
import { user } from '#server/db/schema/auth';
import type { OtpEmail } from '#server/plugins/auth';
import { initialPasswordEmail, resetPasswordEmail, verifyNewEmailEmail } from '#server/email/templates';
import type { OpenUnit, Unit } from '#server/unit-of-work';

/**
 * Turns better-auth's one-time codes into our emails. A user who still has the generated password
 * (must-change-password) gets the 'finish creating your account' email; others get a reset link.
 *
 * better-auth asks for the email from inside one of its own calls, which are made outside any unit of work:
 * the email is written in a unit of its own, which announces it to the queue once committed.
 */
export function createAccountMailer(o: { openUnit: OpenUnit; publicUrl: string }) {
  async function messageFor(unit: Unit, { email, otp, type }: OtpEmail) {
    if (type === 'forget-password') {
      const found = await unit.tx.query.user.findFirst({ where: eq(user.email, email) });
      const language = found ? await ownerLanguage(unit.tx, found.id) : 'en';
      return found?.mustChangePassword
        ? initialPasswordEmail({
            publicUrl: o.publicUrl,
            email,
            code: otp,
            firstName: found.firstName,
            language,
          })
        : resetPasswordEmail({ publicUrl: o.publicUrl, email, code: otp, language });
    }
    const found = await unit.tx.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } });
    const language = found ? await ownerLanguage(unit.tx, found.id) : 'en';
    return verifyNewEmailEmail({ publicUrl: o.publicUrl, email, code: otp, language });
  }

  async function sendOtp(code: OtpEmail) {
    if (code.type !== 'forget-password' && code.type !== 'email-verification')
      throw new Error(`No email for one-time codes of type ${code.type}`);
    await o.openUnit(async (unit) => {
      await unit.outbox.email(await messageFor(unit, code));
    });
  }
  return { sendOtp };
}
