import { describe, expect, it } from 'vitest';
import {
  ACH_ON_FILE_OR_TYPED,
  CONTACT_ATTEMPT_REASON_KEYS,
  CONTACT_ATTEMPT_REASON_LABELS,
  CONTACT_OFFER_ONLY_WHEN_REACHED,
  CONTACT_OUTCOME_LABELS,
  CONTACT_OUTCOMES,
  contactOutcomeLabel,
  readContactOutcome,
  storedContactOutcome,
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
  checkedQualityControlItems,
  QUALITY_CONTROL_FAIL_NEEDS_A_REASON,
  QUALITY_CONTROL_PASS_HAS_NO_REASONS,
  QUALITY_CONTROL_REASON_WAS_VERIFIED,
  QUALITY_CONTROL_ITEM_FAIL_REASONS,
  QUALITY_CONTROL_ITEMS,
  QUALITY_CONTROL_PASS_NEEDS_EVERY_ITEM,
  qualityControlFailReasons,
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
  const valid = { method: 'textMessage', outcome: 'leftVoicemail', didTheBorrowerReceiveAnOffer: null };

  it.each([
    [valid, { ...valid }],
    // Not asked unless reached: absent reads as null.
    [
      { method: 'phone', outcome: 'noAnswer' },
      { method: 'phone', outcome: 'noAnswer', didTheBorrowerReceiveAnOffer: null },
    ],
    [
      {
        method: 'phone',
        outcome: 'reached',
        notes: '  Reviewed the budget  ',
        didTheBorrowerReceiveAnOffer: false,
        reasons: { verifyIncome: true, verifyAnExpense: false },
      },
      {
        method: 'phone',
        outcome: 'reached',
        notes: 'Reviewed the budget',
        didTheBorrowerReceiveAnOffer: false,
        reasons: { verifyIncome: true, verifyAnExpense: false },
      },
    ],
    // Empty notes are no notes.
    [
      { ...valid, notes: '  ' },
      { ...valid, notes: undefined },
    ],
  ])('accepts %j', (input, output) => {
    expect(contactAttemptSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{}, { method: 'Contact method is required', outcome: 'Outcome is required' }],
    [{ ...valid, method: 'email' }, { method: 'Contact method is invalid' }],
    [{ ...valid, outcome: '' }, { outcome: 'Outcome is required' }],
    [{ ...valid, outcome: 'Left a message' }, { outcome: 'Outcome is invalid' }],
    [{ ...valid, notes: 'x'.repeat(101) }, { notes: 'Notes must be at most 100 characters long' }],
    [
      { ...valid, outcome: 'reached' },
      { didTheBorrowerReceiveAnOffer: 'Did the borrower receive an offer? is required' },
    ],
    // Every message at once: the offer rule still runs when the method is missing.
    [
      { outcome: 'reached' },
      {
        method: 'Contact method is required',
        didTheBorrowerReceiveAnOffer: 'Did the borrower receive an offer? is required',
      },
    ],
    [
      { ...valid, outcome: 'noAnswer', didTheBorrowerReceiveAnOffer: true },
      { didTheBorrowerReceiveAnOffer: CONTACT_OFFER_ONLY_WHEN_REACHED },
    ],
    [
      { ...valid, outcome: 'reached', didTheBorrowerReceiveAnOffer: 'yes' },
      { didTheBorrowerReceiveAnOffer: 'Did the borrower receive an offer? is required' },
    ],
    [{ ...valid, reasons: { callBack: true } }, { reasons: expect.any(String) }],
  ])('refuses %j', (input, errors) => {
    const result = contactAttemptSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result)).toEqual(errors);
  });

  it.each([null, [], 'reached', 42])('refuses a body that is not an object (%j) without throwing', (body) => {
    const result = contactAttemptSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path)).toEqual([[]]);
  });

  it('has the five outcomes, in the order the form lists them', () => {
    expect(CONTACT_OUTCOMES.map((o) => CONTACT_OUTCOME_LABELS[o])).toEqual([
      'Reached',
      'Left voicemail',
      'No answer',
      'Wrong number',
      'Asked to call back',
    ]);
  });
});

describe('the stored outcome text', () => {
  it.each([
    ['leftVoicemail', null, 'leftVoicemail'],
    ['reached', 'Reviewed the budget', 'reached\nReviewed the budget'],
    ['askedToCallBack', 'After 5 pm\nCell phone', 'askedToCallBack\nAfter 5 pm\nCell phone'],
  ] as const)('%s with notes %j is stored as %j and read back', (outcome, notes, stored) => {
    expect(storedContactOutcome(outcome, notes)).toBe(stored);
    expect(readContactOutcome(stored)).toEqual({ outcome, notes });
  });

  it.each([
    // Typed as free text before the outcome was a choice: read as it is, whatever its lines.
    ['Left voicemail', { outcome: 'Left voicemail', notes: null }],
    ['Called twice\nno answer', { outcome: 'Called twice\nno answer', notes: null }],
    ['', { outcome: '', notes: null }],
    [null, { outcome: null, notes: null }],
  ])('reads %j from before the choice as it was typed', (stored, read) => {
    expect(readContactOutcome(stored)).toEqual(read);
  });

  it('labels a chosen outcome and shows any other text as it is', () => {
    expect(contactOutcomeLabel('leftVoicemail')).toBe('Left voicemail');
    expect(contactOutcomeLabel('Spoke with the borrower')).toBe('Spoke with the borrower');
    expect(contactOutcomeLabel('toString')).toBe('toString');
    expect(contactOutcomeLabel(null)).toBeNull();
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

  describe("the creditor table's ACH numbers (achOnFile)", () => {
    it('takes ACH with the option and no numbers: the server fills them in', () => {
      const parsed = creditorAccountSchema.parse({ isAch: true, achOnFile: true, email: 'remit@bank.com' });
      expect(parsed).toMatchObject({ isAch: true, achOnFile: true, email: 'remit@bank.com' });
      expect(parsed.accountNumber).toBeUndefined();
      expect(parsed.routingNumber).toBeUndefined();
    });

    it('takes empty number fields with the option (an emptied form sends empty strings)', () => {
      const parsed = creditorAccountSchema.parse({
        isAch: true,
        achOnFile: true,
        accountNumber: '',
        routingNumber: '',
      });
      expect(parsed).toMatchObject({ isAch: true, achOnFile: true });
      expect(parsed.accountNumber).toBeUndefined();
    });

    it('without the option, or with it false, typed numbers are still required and kept as today', () => {
      expect(fieldErrors(creditorAccountSchema.safeParse({ isAch: true, achOnFile: false }))).toEqual({
        accountNumber: 'Account Number is required',
        routingNumber: 'Routing Number is required',
      });
      const parsed = creditorAccountSchema.parse({ ...ach, achOnFile: false });
      expect(parsed).toMatchObject(ach);
      expect(parsed.achOnFile).toBeUndefined();
    });

    it('drops the option under Check (the address is what is required)', () => {
      const parsed = creditorAccountSchema.parse({ ...check, achOnFile: true });
      expect(parsed.achOnFile).toBeUndefined();
      expect(fieldErrors(creditorAccountSchema.safeParse({ isAch: false, achOnFile: true }))).toMatchObject({
        addressLine1: 'Address line 1 is required',
      });
    });

    it.each([
      [{ ...ach, achOnFile: true }, { achOnFile: ACH_ON_FILE_OR_TYPED }],
      [{ isAch: true, achOnFile: true, routingNumber: '021000021' }, { achOnFile: ACH_ON_FILE_OR_TYPED }],
      [{ isAch: true, achOnFile: 'yes' }, { achOnFile: 'Use the ACH numbers on file is invalid' }],
      [{ isAch: true, achOnFile: 1 }, { achOnFile: 'Use the ACH numbers on file is invalid' }],
    ])('refuses %j', (input, errors) => {
      const result = creditorAccountSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(fieldErrors(result)).toMatchObject(errors);
    });

    it('travels inside an accepted answer and a counter-offer', () => {
      const account = { isAch: true, achOnFile: true };
      expect(
        offerStatusSchema.parse({ version: 1, status: 'accepted', creditorAccount: account }),
      ).toMatchObject({ creditorAccount: account });
      expect(
        offerStatusSchema.parse({
          version: 1,
          status: 'counterOffer',
          counterApr: 500,
          creditorAccount: account,
        }),
      ).toMatchObject({ creditorAccount: account });
    });
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
  const every = { consumerIdentity: true, income: true, expenses: true, proposedBudget: true };
  const none = { consumerIdentity: false, income: false, expenses: false, proposedBudget: false };
  it.each([
    [
      { passed: true, checklist: every },
      { passed: true, checklist: every, failedItems: [] },
    ],
    [
      { passed: true, checklist: every, failedItems: [] },
      { passed: true, checklist: every, failedItems: [] },
    ],
    [
      { passed: false, checklist: { ...every, income: false }, failedItems: ['income'] },
      { passed: false, checklist: { ...every, income: false }, failedItems: ['income'] },
    ],
    // The failed items come back in the checklist's order; an unchecked item not named is not a reason.
    [
      { passed: false, checklist: none, failedItems: ['proposedBudget', 'consumerIdentity'] },
      { passed: false, checklist: none, failedItems: ['consumerIdentity', 'proposedBudget'] },
    ],
  ])('reads %j', (input, output) => {
    expect(qualityControlSchema.parse(input)).toEqual(output);
    // What the web app sends (the parsed form) parses again on the server.
    expect(qualityControlSchema.parse(output)).toEqual(output);
  });

  it.each([
    [{ checklist: every }, { passed: 'Please select whether the application passed quality control or not' }],
    [
      { passed: null, checklist: every },
      { passed: 'Please select whether the application passed quality control or not' },
    ],
    [{ passed: true }, { checklist: 'Checklist is required' }],
    [
      { passed: true, checklist: { ...every, expenses: false } },
      { checklist: QUALITY_CONTROL_PASS_NEEDS_EVERY_ITEM },
    ],
    // Failed with the checklist untouched names nothing: refused, not recorded with every reason.
    [
      { passed: false, checklist: none },
      { failedItems: 'Please select at least one disqualification reason' },
    ],
    [
      { passed: false, checklist: none, failedItems: [] },
      { failedItems: QUALITY_CONTROL_FAIL_NEEDS_A_REASON },
    ],
    [{ passed: false, checklist: every }, { failedItems: QUALITY_CONTROL_FAIL_NEEDS_A_REASON }],
    [
      { passed: false, checklist: every, failedItems: ['income'] },
      { failedItems: QUALITY_CONTROL_REASON_WAS_VERIFIED },
    ],
    [
      { passed: true, checklist: every, failedItems: ['income'] },
      { failedItems: QUALITY_CONTROL_PASS_HAS_NO_REASONS },
    ],
    [
      { passed: false, checklist: none, failedItems: ['income', 'income'] },
      { failedItems: 'Disqualification reasons is invalid' },
    ],
    [{ passed: false, checklist: none, failedItems: ['salary'] }, { 'failedItems.0': expect.any(String) }],
    [
      { passed: false, checklist: { ...every, income: 'no' } },
      { 'checklist.income': 'Checklist is invalid' },
    ],
  ])('refuses %j with its message', (input, errors) => {
    const result = qualityControlSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result)).toMatchObject(errors);
  });

  // Worked examples: each failed item is the fail reason it stands for, in the spec's order of reasons.
  it.each([
    [[], []],
    [['consumerIdentity'], ['couldNotVerifyConsumerIdentity']],
    [['income'], ['couldNotVerifyIncome']],
    [['expenses'], ['couldNotVerifyExpenses']],
    [['proposedBudget'], ['proposedBudgetWasUnrealistic']],
    [[...QUALITY_CONTROL_ITEMS], [...QUALITY_CONTROL_REASON_KEYS]],
    [
      ['income', 'expenses'],
      ['couldNotVerifyExpenses', 'couldNotVerifyIncome'],
    ],
  ] as const)('failed items %j give the reasons %j', (items, reasons) => {
    expect(qualityControlFailReasons(items)).toEqual(reasons);
  });

  it('keeps the checked items', () => {
    expect(checkedQualityControlItems({ ...none, income: true, proposedBudget: true })).toEqual([
      'income',
      'proposedBudget',
    ]);
  });

  it('has one item per fail reason', () => {
    expect(QUALITY_CONTROL_ITEMS.map((item) => QUALITY_CONTROL_ITEM_FAIL_REASONS[item]).toSorted()).toEqual(
      [...QUALITY_CONTROL_REASON_KEYS].toSorted(),
    );
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
  const attempt = { method: 'phone', outcome: 'leftVoicemail', notes: 'Left a message' };
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
    "%s in a contact attempt's notes, the creditor address, the memo, the partner CRM id",
    (_name, value) => {
      expect(fieldErrors(contactAttemptSchema.safeParse({ ...attempt, notes: value }))).toEqual({
        notes: 'Notes is invalid',
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

  it("an attempt's notes and the memo are notes: tab and line breaks stay inside them", () => {
    expect(contactAttemptSchema.parse({ ...attempt, notes: 'Called\n\tleft a message' }).notes).toBe(
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
