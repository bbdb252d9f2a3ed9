import { describe, expect, it } from 'vitest';
import {
  APP_ERROR_CODES,
  APP_ERROR_DEFAULT_MESSAGE,
  APP_ERROR_STATUS,
  AppError,
  isAppError,
  isAppErrorCode,
} from './errors';
import type { AppErrorCode } from './errors';

describe('AppError', () => {
  it.each<[AppErrorCode, number, string]>([
    ['ValidationError', 400, 'Some fields are not valid.'],
    ['NotAuthenticated', 401, 'Please sign in to continue.'],
    ['Forbidden', 403, 'You do not have access to this page.'],
    ['NotFound', 404, 'We could not find what you were looking for.'],
    ['Conflict', 409, 'This information was changed by someone else. Please reload and try again.'],
    [
      'UsernameExistsException',
      409,
      'An account with the given email address already exists. Please look for your registration email to continue the application process.',
    ],
    ['NotAuthorizedException', 401, 'Incorrect Username or Password'],
    [
      'CodeMismatchException',
      400,
      'The supplied verification link is old. Please check your email for the newest verification link.',
    ],
    [
      'ExpiredCodeException',
      410,
      'The supplied verification link has expired. Please check your email for the newest verification link.',
    ],
    [
      'LimitExceededException',
      429,
      'There have been too many reset password requests recently. Please wait 15 minutes and try again.',
    ],
    ['RateLimited', 429, 'Too many requests. Please wait a moment and try again.'],
    ['MustChangePassword', 403, 'Please set your password to continue.'],
    ['SetInitialPasswordFailed', 400, 'There was a problem updating your account. Please try again.'],
    ['VerifyNewEmailFailed', 400, 'We were unable to verify your new email. Please try again.'],
    ['InvalidTransition', 409, 'This step is not available for your application right now.'],
    ['PreconditionFailed', 409, 'Please complete the previous steps first.'],
    ['ProviderError', 502, 'There was a problem saving your information. Please try again.'],
    [
      'NoCheckingAccount',
      422,
      'Thank you for connecting your bank. We did not find a checking account there. Please connect the bank that holds your primary checking account.',
    ],
    ['UnderContractAge', 422, 'A Debt Management Plan is a contract, which a person under 18 cannot sign.'],
    ['WouldDisqualify', 422, 'The plan payment does not fit this budget.'],
    ['ThinBudget', 422, 'This budget leaves very little each month after the plan payment.'],
    [
      'LetterRenewed',
      410,
      'The first draft date on this letter is now too close to set up in time. We have sent you a new letter to sign.',
    ],
    ['NetworkError', 503, 'Network Connection Error: Please check your internet connection'],
    ['SigningLinkExpired', 410, 'This signing link has expired.'],
    ['InternalError', 500, 'Something went wrong. Please try again.'],
  ])('%s: status %i, default message', (code, status, message) => {
    const error = new AppError(code);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'AppError', code, status, message });
    expect(error.fieldErrors).toBeUndefined();
    expect(error.redirect).toBeUndefined();
  });

  it('every code has a status and a default message', () => {
    expect(APP_ERROR_CODES).toHaveLength(25);
    expect(Object.keys(APP_ERROR_DEFAULT_MESSAGE).sort()).toEqual([...APP_ERROR_CODES].sort());
  });

  it('takes a message, field errors, a redirect, a status and a cause', () => {
    const cause = new Error('bureau down');
    const error = new AppError('ValidationError', 'Bad input', {
      fieldErrors: { email: 'Email address is invalid' },
      redirect: '/please-check-your-email',
      status: 422,
      cause,
    });
    expect(error).toMatchObject({
      message: 'Bad input',
      status: 422,
      fieldErrors: { email: 'Email address is invalid' },
      redirect: '/please-check-your-email',
    });
    expect(error.cause).toBe(cause);
  });

  it.each([
    [new AppError('NotFound'), true],
    [new Error('x'), false],
    [{ code: 'NotFound' }, false],
    [null, false],
  ])('isAppError(%s) is %s', (value, expected) => {
    expect(isAppError(value)).toBe(expected);
  });

  it.each([
    ['NotFound', true],
    ['UserNotFoundException', false],
    ['toString', false],
    [404, false],
  ])('isAppErrorCode(%j) is %s', (value, expected) => {
    expect(isAppErrorCode(value)).toBe(expected);
  });

  it('statuses are HTTP error statuses', () => {
    for (const status of Object.values(APP_ERROR_STATUS)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });
});
