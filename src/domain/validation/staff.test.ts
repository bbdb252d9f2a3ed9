import { describe, expect, it } from 'vitest';
import {
  CONTACT_ATTEMPT_REASON_KEYS,
  CONTACT_ATTEMPT_REASON_LABELS,
  OFFER_DECLINE_HINT,
  OFFER_DECLINE_QUESTION,
  OFFER_DECLINE_REASON_KEYS,
  OFFER_DECLINE_REASON_LABELS,
  OFFER_DECLINE_REASON_REQUIRED,
  OFFER_STATUS_QUESTION,
  QUALITY_CONTROL_REASON_KEYS,
  QUALITY_CONTROL_REASON_LABELS,
  contactAttemptSchema,
  creditorAccountSchema,
  markTransferredSchema,
  offerStatusSchema,
  qualityControlSchema,
  toggleOfferReasonSchema,
} from './staff';

/** The first message per dot-joined path, as the API's fieldErrors shows it. */
function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('exact texts', () => {
  it('has the seven rejection reasons, in order', () => {
    expect(OFFER_DECLINE_REASON_KEYS.map((k) => OFFER_DECLINE_REASON_LABELS[k])).toEqual([
      'unable to contact the lender',
      'term too long',
      'reduction too much',
      'other',
      'account had not charged off',
      'unable to work with the provider',
      'autoclosed',
    ]);
    expect(OFFER_STATUS_QUESTION).toBe('Was the offer accepted or declined?');
    expect(OFFER_DECLINE_QUESTION).toBe('What was the reason for rejection?');
    expect(OFFER_DECLINE_HINT).toBe('(Select all that apply)');
  });

  it('has the quality-control reasons with the spec’s messages', () => {
    expect(QUALITY_CONTROL_REASON_KEYS.map((k) => [k, QUALITY_CONTROL_REASON_LABELS[k]])).toEqual([
      ['couldNotVerifyConsumerIdentity', 'could not verify consumer identity'],
      ['couldNotVerifyExpenses', 'could not verify expenses'],
      ['couldNotVerifyIncome', 'could not verify income'],
      ['proposedBudgetWasUnrealistic', 'proposed budget was unrealistic'],
    ]);
  });

  it('has the four contact-attempt reason keys', () => {
    expect(Object.keys(CONTACT_ATTEMPT_REASON_LABELS)).toEqual([...CONTACT_ATTEMPT_REASON_KEYS]);
    expect(CONTACT_ATTEMPT_REASON_KEYS).toEqual([
      'validateProposedBudget',
      'verifyAnExpense',
      'verifyConsumerIdentity',
      'verifyIncome',
    ]);
  });
});

describe('contactAttemptSchema', () => {
  const valid = { method: 'textMessage', outcome: 'Left a message', didTheBorrowerReceiveAnOffer: true };

  it.each([
    [valid, { ...valid }],
    [
      {
        ...valid,
        method: 'phone',
        outcome: '  Reached  ',
        reasons: { verifyIncome: true, verifyAnExpense: false },
      },
      {
        ...valid,
        method: 'phone',
        outcome: 'Reached',
        reasons: { verifyIncome: true, verifyAnExpense: false },
      },
    ],
  ])('accepts %j', (input, output) => {
    expect(contactAttemptSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{}, { method: 'Contact method is required', outcome: 'Outcome is required' }],
    [{ ...valid, method: 'email' }, { method: 'Contact method is invalid' }],
    [{ ...valid, outcome: '' }, { outcome: 'Outcome is required' }],
    [{ ...valid, outcome: 'x'.repeat(101) }, { outcome: 'Outcome must be at most 100 characters long' }],
    [
      { ...valid, didTheBorrowerReceiveAnOffer: undefined },
      { didTheBorrowerReceiveAnOffer: 'Did the borrower receive an offer? is required' },
    ],
    [{ ...valid, reasons: { callBack: true } }, { reasons: expect.any(String) }],
  ])('refuses %j', (input, errors) => {
    const result = contactAttemptSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result)).toMatchObject(errors);
  });
});

describe('creditorAccountSchema', () => {
  const check = {
    isAch: false,
    email: 'Remit@Bank.com',
    addressLine1: '1 Bank Plaza',
    city: 'Wilmington',
    state: 'DE',
    zipCode: '19801',
    memo: 'Acct ending 1234',
  };
  const ach = { isAch: true, accountNumber: '123456789012', routingNumber: '021000021' };

  it('accepts a check payee with an address; the email is lower-cased', () => {
    expect(creditorAccountSchema.parse(check)).toMatchObject({ ...check, email: 'remit@bank.com' });
  });

  it('accepts ACH without an address', () => {
    expect(creditorAccountSchema.parse(ach)).toMatchObject(ach);
  });

  it('drops ACH numbers sent with Check (they are shown only for ACH)', () => {
    const parsed = creditorAccountSchema.parse({
      ...check,
      accountNumber: '1234',
      routingNumber: '021000021',
    });
    expect(parsed.accountNumber).toBeUndefined();
    expect(parsed.routingNumber).toBeUndefined();
  });

  it.each([
    [
      { isAch: false },
      {
        addressLine1: 'Address line 1 is required',
        city: 'City is required',
        state: 'State is required',
        zipCode: 'Zip code is required',
      },
    ],
    [
      { isAch: true },
      { accountNumber: 'Account Number is required', routingNumber: 'Routing Number is required' },
    ],
    // The check digit: 021000021 is valid, 021000022 is not.
    [{ ...ach, routingNumber: '021000022' }, { routingNumber: 'Routing Number is invalid' }],
    [{ ...ach, routingNumber: '02100002' }, { routingNumber: 'Routing Number is invalid' }],
    [
      { ...ach, accountNumber: '1234567890123' },
      { accountNumber: 'Account Number must be at most 12 characters long' },
    ],
    [{ ...ach, accountNumber: '12-34' }, { accountNumber: 'Account Number is invalid' }],
    [{ ...check, zipCode: '1980' }, { zipCode: 'Zip code is invalid' }],
    [{ ...check, state: 'ZZ' }, { state: 'State is invalid' }],
    [{ ...check, memo: 'm'.repeat(246) }, { memo: 'Memo must be at most 245 characters long' }],
    [{ ...check, email: 'not-an-email' }, { email: 'Email for remittance information is invalid' }],
    [{ ...check, isAch: undefined }, { isAch: 'Payment method is required' }],
  ])('refuses %j', (input, errors) => {
    const result = creditorAccountSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result)).toMatchObject(errors);
  });

  it('takes a memo of exactly 245 characters', () => {
    expect(creditorAccountSchema.safeParse({ ...check, memo: 'm'.repeat(245) }).success).toBe(true);
  });
});

describe('offerStatusSchema', () => {
  it('reads an acceptance with its creditor account', () => {
    const parsed = offerStatusSchema.parse({
      version: 2,
      status: 'accepted',
      creditorAccount: { isAch: true, accountNumber: '42', routingNumber: '021000021' },
    });
    expect(parsed).toMatchObject({ version: 2, status: 'accepted', creditorAccount: { isAch: true } });
  });

  it('reads a decline with its reasons, each once', () => {
    expect(
      offerStatusSchema.parse({
        version: 0,
        status: 'declined',
        reasons: ['termTooLong', 'other', 'termTooLong'],
      }),
    ).toEqual({ version: 0, status: 'declined', reasons: ['termTooLong', 'other'] });
  });

  it.each([
    [{ version: 0 }, { status: 'Was the offer accepted or declined? is required' }],
    [{ version: 0, status: 'pending' }, { status: 'Was the offer accepted or declined? is required' }],
    [{ version: 0, status: 'declined', reasons: [] }, { reasons: OFFER_DECLINE_REASON_REQUIRED }],
    [{ version: 0, status: 'declined', reasons: ['tooExpensive'] }, { 'reasons.0': 'Reason is invalid' }],
    [{ status: 'declined', reasons: ['other'] }, { version: 'version is invalid' }],
    [
      { version: 0, status: 'accepted', creditorAccount: { isAch: true } },
      { 'creditorAccount.accountNumber': expect.any(String) },
    ],
  ])('refuses %j', (input, errors) => {
    const result = offerStatusSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result)).toMatchObject(errors);
  });

  it('toggles only the seven reasons', () => {
    expect(toggleOfferReasonSchema.safeParse({ reason: 'autoclosed' }).success).toBe(true);
    expect(toggleOfferReasonSchema.safeParse({ reason: 'Autoclosed' }).success).toBe(false);
  });
});

describe('qualityControlSchema', () => {
  it.each([
    [{ passed: true }, { passed: true, reasons: [] }],
    [
      { passed: true, reasons: ['couldNotVerifyIncome'] },
      { passed: true, reasons: [] },
    ],
    [
      { passed: false, reasons: ['couldNotVerifyIncome', 'proposedBudgetWasUnrealistic'] },
      { passed: false, reasons: ['couldNotVerifyIncome', 'proposedBudgetWasUnrealistic'] },
    ],
  ])('reads %j', (input, output) => {
    expect(qualityControlSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{}, { passed: 'Please select whether the application passed quality control or not' }],
    [
      { passed: null, reasons: ['couldNotVerifyIncome'] },
      { passed: 'Please select whether the application passed quality control or not' },
    ],
    [{ passed: false }, { reasons: 'Please select at least one disqualification reason' }],
    [{ passed: false, reasons: [] }, { reasons: 'Please select at least one disqualification reason' }],
    [{ passed: false, reasons: ['lied'] }, { 'reasons.0': 'Reason is invalid' }],
  ])('refuses %j with the spec message', (input, errors) => {
    const result = qualityControlSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result)).toEqual(errors);
  });
});

describe('markTransferredSchema', () => {
  it('needs the partner CRM id, trimmed', () => {
    expect(markTransferredSchema.parse({ partnerCrmId: ' CRM-1 ' })).toEqual({ partnerCrmId: 'CRM-1' });
    expect(fieldErrors(markTransferredSchema.safeParse({ partnerCrmId: '' }))).toEqual({
      partnerCrmId: 'Partner CRM ID is required',
    });
  });
});

describe('free text in the staff forms refuses characters no one types', () => {
  const attempt = { method: 'phone', outcome: 'Left a message', didTheBorrowerReceiveAnOffer: false };
  const creditor = {
    isAch: false,
    addressLine1: '1 Bank Plaza',
    city: 'Wilmington',
    state: 'DE',
    zipCode: '19801',
    memo: 'Acct ending 1234',
  };
  const HOSTILE = [
    ['NUL', 'a\u0000b'],
    ['an escape', 'a\u001bb'],
    ['DEL', 'a\u007fb'],
    ['a right-to-left override', 'a\u202eb'],
    ['a pop-directional isolate', 'a\u2069b'],
    ['a lone surrogate', 'a\udc00b'],
  ] as const;

  it.each(HOSTILE)(
    '%s in the outcome, the creditor address, the memo, the partner CRM id',
    (_name, value) => {
      expect(fieldErrors(contactAttemptSchema.safeParse({ ...attempt, outcome: value }))).toEqual({
        outcome: 'Outcome is invalid',
      });
      expect(
        fieldErrors(
          creditorAccountSchema.safeParse({
            ...creditor,
            addressLine1: value,
            addressLine2: value,
            city: value,
            memo: value,
          }),
        ),
      ).toEqual({
        addressLine1: 'Address line 1 is invalid',
        addressLine2: 'Address line 2 is invalid',
        city: 'City is invalid',
        memo: 'Memo is invalid',
      });
      expect(fieldErrors(markTransferredSchema.safeParse({ partnerCrmId: value }))).toEqual({
        partnerCrmId: 'Partner CRM ID is invalid',
      });
    },
  );

  it('the outcome and the memo are notes: tab and line breaks stay inside them', () => {
    expect(contactAttemptSchema.parse({ ...attempt, outcome: 'Called\n\tleft a message' }).outcome).toBe(
      'Called\n\tleft a message',
    );
    expect(creditorAccountSchema.parse({ ...creditor, memo: 'Line 1\r\nLine 2' }).memo).toBe(
      'Line 1\r\nLine 2',
    );
  });

  it('an address line is one line', () => {
    expect(
      fieldErrors(creditorAccountSchema.safeParse({ ...creditor, addressLine1: '1 Bank\nPlaza' })),
    ).toEqual({
      addressLine1: 'Address line 1 is invalid',
    });
  });
});
