import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  greaterThanZeroMessage,
  invalidMessage,
  maxLengthMessage,
  minLengthMessage,
  noCheckingAccountMessage,
  notNegativeMessage,
  requiredMessage,
  yesNoRequiredMessage,
} from './messages';

describe('message builders', () => {
  it.each([
    [requiredMessage('First name'), 'First name is required'],
    [invalidMessage('Email address'), 'Email address is invalid'],
    [minLengthMessage('Memo', 3), 'Memo must be at least 3 characters long'],
    [maxLengthMessage('Memo', 245), 'Memo must be at most 245 characters long'],
    [yesNoRequiredMessage('Do you own a car?'), 'Do you own a car? is required'],
    [greaterThanZeroMessage('Monthly income'), 'Monthly income must be greater than $0'],
    [notNegativeMessage('Rent'), 'Rent cannot be negative'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('thanks the user for the named institution when no checking account was found', () => {
    expect(noCheckingAccountMessage('First Bank')).toBe(
      'Thank you for connecting First Bank. We did not find a checking account there. Please connect the bank that holds your primary checking account.',
    );
    expect(noCheckingAccountMessage('  ')).toBe(MESSAGES.noCheckingAccount);
    expect(MESSAGES.noCheckingAccount).toContain('your bank');
  });
});

describe('MESSAGES carries the spec texts verbatim', () => {
  it.each([
    ['termsRequired', 'Agreeing to the Terms and Conditions is required'],
    ['hardshipRequired', 'Please select at least one option.'],
    ['creditConsentRequired', 'Consent for the credit inquiry is required'],
    ['budgetAgreementRequired', 'Agreeing to adjust your total expenses is required'],
    ['paymentAccountRequired', 'Please select a payment account.'],
    ['passwordsDoNotMatch', 'Passwords do not match.'],
    ['passwordRequirements', 'Your new password does not meet the requirements.'],
    ['emailsDoNotMatch', 'The emails do not match.'],
    ['under13', 'You must be at least 13 years of age to register.'],
    ['currencyWarning', 'Please confirm this amount is correct.'],
    [
      'incomeWarning',
      'The median Monthly Household Income in America is $5,725. Please ensure you have accurately entered your Monthly Household Income before proceeding.',
    ],
    ['qualityControlChoice', 'Please select whether the application passed quality control or not'],
    ['qualityControlReason', 'Please select at least one disqualification reason'],
    ['filterRequired', 'Please select at least one filter'],
    ['addressLine2Hint', 'Ex. Suite #, Building #, Apartment #'],
    [
      'usernameExists',
      'An account with the given email address already exists. Please look for your registration email to continue the application process.',
    ],
    ['incorrectCredentials', 'Incorrect Username or Password'],
    ['networkError', 'Network Connection Error: Please check your internet connection'],
    ['applicationLoadFailed', 'There was a problem getting your application information. Please try again.'],
    [
      'codeMismatch',
      'The supplied verification link is old. Please check your email for the newest verification link.',
    ],
    [
      'expiredCode',
      'The supplied verification link has expired. Please check your email for the newest verification link.',
    ],
    [
      'limitExceeded',
      'There have been too many reset password requests recently. Please wait 15 minutes and try again.',
    ],
    ['setInitialPasswordFailed', 'There was a problem updating your account. Please try again.'],
    ['verifyNewEmailFailed', 'We were unable to verify your new email. Please try again.'],
    ['verifyNewEmailSuccess', 'Your new email has been verified! You may now close this window.'],
    ['emailUpdated', 'Your email has been updated. Please sign in with your new credentials.'],
    ['passwordReset', 'Password successfully reset. Please sign in with your new credentials.'],
    ['saveFailed', 'There was a problem saving your information. Please try again.'],
    ['reviewSaveFailed', 'There was a problem saving your application. Please try again.'],
    ['noDecision', 'There was no decision made for this borrower.'],
    ['noBudget', 'Recommended Budget is not available for this borrower.'],
    ['noExpenses', 'Expenses are not available for this borrower.'],
    ['noIncome', 'Self reported income not reported by this borrower'],
    ['notEnoughEligible', 'not enough eligible collections or debts'],
    ['getCreditReportsFailed', 'get credit reports failed'],
    ['nameUnavailable', 'Name Unavailable'],
  ] as const)('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });
});
