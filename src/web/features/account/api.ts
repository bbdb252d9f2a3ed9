import type {
  ChangeEmailInput,
  ChangePasswordInput,
  ForgotPasswordInput,
  InitialPasswordInput,
  NewPasswordInput,
  SignInInput,
} from '#domain/validation/account';
import { api } from '#web/lib/api';
import type { UserInformation } from '#web/lib/session';

// The account pages' server calls (sign-in, the second factor, passwords, email). They cache nothing: the one
// read they change is the session, which is the app's (src/web/app/session.tsx).

export type SignInAnswer = { next: string; mustSetInitialPassword: boolean };
export type SecondFactorAnswer = { next: string; mustSetInitialPassword: boolean };
/** An authenticator app's enrolment: the key as a URI, as text and as a QR code image. */
export type TwoFactorSetup = { totpUri: string; secret: string; qrCode: string };
/** The enrolment confirmed: the recovery codes, shown once. */
export type TwoFactorConfirmed = { recoveryCodes: string[]; next: string };

export const signIn = (body: SignInInput) => api<SignInAnswer>('/api/auth/sign-in', { method: 'POST', body });

/** A staff sign-in's second step: a code from the authenticator app, or a recovery code. */
export const verifySecondFactor = (body: { code: string }) =>
  api<SecondFactorAnswer>('/api/auth/two-factor/verify', { method: 'POST', body });

/** The password again, before an authenticator app is enrolled. */
export const setUpTwoFactor = (body: { password: string }) =>
  api<TwoFactorSetup>('/api/auth/two-factor/setup', { method: 'POST', body });

export const confirmTwoFactor = (body: { code: string }) =>
  api<TwoFactorConfirmed>('/api/auth/two-factor/setup/confirm', { method: 'POST', body });

export const forgotPassword = (body: ForgotPasswordInput) =>
  api<void>('/api/auth/forgot-password', { method: 'POST', body });

/** The emailed link's email and code with the new password. */
export const resetPassword = (body: { email: string; code: string } & NewPasswordInput) =>
  api<{ next: string; message: string }>('/api/auth/reset-password', { method: 'POST', body });

/** The first password (with /user-information's answers, and the emailed code for a borrower). */
export const completeNewPassword = (body: UserInformation & (NewPasswordInput | InitialPasswordInput)) =>
  api<{ next: string }>('/api/auth/complete-new-password', { method: 'POST', body });

export const changePassword = (body: ChangePasswordInput) =>
  api<{ next: string; message: string }>('/api/auth/change-password', { method: 'POST', body });

export const changeEmail = (body: ChangeEmailInput) =>
  api<{ message: string }>('/api/auth/change-email', { method: 'POST', body });

/** The link emailed to a changed address, confirmed with the password. */
export const verifyNewEmail = (body: { email: string; code: string; password: string }) =>
  api<{ message: string }>('/api/auth/verify-new-email', { method: 'POST', body });
