import { z } from 'zod';
import {
  emailField,
  nameField,
  newPasswordField,
  passwordField,
  phoneField,
  verificationCodeField,
} from './fields';
import { LABELS } from '../i18n/validation-messages';
import { errorOf, refineOf } from './issue-messages';
import { FIELD_MESSAGES } from './messages';

// Account and sign-in forms. Strict: the API refuses unknown fields.

/** Runs a match rule even when other fields failed, as long as both compared values are strings. */
const bothStrings =
  (a: string, b: string) =>
  (payload: { value: unknown }): boolean => {
    const v = payload.value;
    if (typeof v !== 'object' || v === null) return false;
    const record = v as Record<string, unknown>;
    return typeof record[a] === 'string' && typeof record[b] === 'string';
  };

const passwordsMatch = {
  ...refineOf(FIELD_MESSAGES.fixed('passwordsDoNotMatch')),
  path: ['confirmPassword'],
  when: bothStrings('password', 'confirmPassword'),
};

export const leadSchema = z.strictObject({
  firstName: nameField(LABELS.firstName),
  lastName: nameField(LABELS.lastName),
  email: emailField(),
  phoneNumber: phoneField(LABELS.phoneNumber),
  agreedToTerms: z
    .boolean({ error: errorOf(FIELD_MESSAGES.fixed('termsRequired')) })
    .refine((v) => v, refineOf(FIELD_MESSAGES.fixed('termsRequired'))),
});
export type LeadInput = z.infer<typeof leadSchema>;

export const signInSchema = z.strictObject({
  username: emailField(LABELS.email),
  password: passwordField(),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.strictObject({
  email: emailField(),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const verificationCodeSchema = z.strictObject({
  email: emailField(),
  code: verificationCodeField(),
});
export type VerificationCodeInput = z.infer<typeof verificationCodeSchema>;

export const userInformationSchema = z.strictObject({
  firstName: nameField(LABELS.firstName),
  lastName: nameField(LABELS.lastName),
  phoneNumber: phoneField(LABELS.phoneNumber),
});
export type UserInformationInput = z.infer<typeof userInformationSchema>;

const confirmPasswordField = () => passwordField(LABELS.confirmPassword);

export const resetPasswordSchema = z
  .strictObject({
    email: emailField(),
    code: verificationCodeField(),
    password: newPasswordField(LABELS.newPassword),
    confirmPassword: confirmPasswordField(),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Setting the initial password (after user information) or any new password with a confirmation. */
export const newPasswordSchema = z
  .strictObject({
    password: newPasswordField(LABELS.newPassword),
    confirmPassword: confirmPasswordField(),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/**
 * The first password of an account whose email was never proven (made by the lead form): the code from the
 * emailed link with it, so sending the form with an address is not enough to hold the account.
 */
export const initialPasswordSchema = z
  .strictObject({
    code: verificationCodeField(),
    password: newPasswordField(LABELS.newPassword),
    confirmPassword: confirmPasswordField(),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type InitialPasswordInput = z.infer<typeof initialPasswordSchema>;

export const changePasswordSchema = z
  .strictObject({
    currentPassword: passwordField(LABELS.currentPassword),
    password: newPasswordField(LABELS.newPassword),
    confirmPassword: confirmPasswordField(),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Both entries are lower-cased by emailField before they are compared. */
export const changeEmailSchema = z
  .strictObject({
    email: emailField(LABELS.newEmail),
    confirmEmail: emailField(LABELS.confirmNewEmail),
  })
  .refine((v) => v.email === v.confirmEmail, {
    ...refineOf(FIELD_MESSAGES.fixed('emailsDoNotMatch')),
    path: ['confirmEmail'],
    when: bothStrings('email', 'confirmEmail'),
  });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const verifyNewEmailSchema = z.strictObject({
  email: emailField(),
  code: verificationCodeField(),
  password: passwordField(),
});
export type VerifyNewEmailInput = z.infer<typeof verifyNewEmailSchema>;

// Staff second factor (TOTP, decision 0015): the code pages are ours, the texts too.
export const TOTP_CODE_MESSAGE = FIELD_MESSAGES.fixed('totpCodeInvalid').english;
export const SECOND_FACTOR_CODE_MESSAGE = FIELD_MESSAGES.fixed('secondFactorCodeInvalid').english;
const totpCodeError = () => ({ error: errorOf(FIELD_MESSAGES.fixed('totpCodeInvalid')) });
const secondFactorCodeError = () => ({ error: errorOf(FIELD_MESSAGES.fixed('secondFactorCodeInvalid')) });
/** Longest code accepted: a recovery code is 11 characters (xxxxx-xxxxx); room for stray spaces. */
export const SECOND_FACTOR_CODE_MAX = 32;

/** The 6-digit code that confirms the enrolment of an authenticator app. */
export const totpCodeSchema = z.strictObject({
  code: z
    .string(totpCodeError())
    .trim()
    .regex(/^\d{6}$/, totpCodeError()),
});

/** A sign-in's second factor: a code from the app or a recovery code. */
export const secondFactorCodeSchema = z.strictObject({
  code: z
    .string(secondFactorCodeError())
    .trim()
    .min(1, secondFactorCodeError())
    .max(SECOND_FACTOR_CODE_MAX, secondFactorCodeError()),
});

/** The password asked again before an authenticator app is enrolled. */
export const enrolmentPasswordSchema = z.strictObject({ password: passwordField() });
