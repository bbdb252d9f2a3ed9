import { describe, expect, it } from 'vitest';
import {
  creditorDetailsSchema,
  type CreditorDetailsView,
  detailDifferences,
  detailText,
} from './creditor-details';

// A creditor's details as creditor relations staff enter them: the remittance address, the payment methods,
// how proposals reach the creditor, and the reason for the change.

const valid = {
  addressLine1: 'PO Box 15298',
  addressLine2: '',
  city: 'Wilmington',
  state: 'DE',
  zipCode: '19850',
  paysByCheck: true,
  paysByAch: false,
  routingNumber: '',
  accountNumber: '',
  proposalChannel: 'email',
  proposalEmail: 'DMP@Chase.example.com',
  responseDays: 21,
  concessionsAfterPayments: null,
  reason: 'Address confirmed by the issuer',
};

const fieldErrors = (input: unknown) => {
  const result = creditorDetailsSchema.safeParse(input);
  if (result.success) return {};
  // The first message of each field, as the API answers.
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

describe('creditorDetailsSchema', () => {
  it('takes a complete change: empties unset, the email lower-cased', () => {
    expect(creditorDetailsSchema.parse(valid)).toEqual({
      ...valid,
      addressLine2: undefined,
      routingNumber: undefined,
      accountNumber: undefined,
      proposalEmail: 'dmp@chase.example.com',
    });
  });

  it.each([
    [
      'no payment method and no channel: details not known yet',
      { paysByCheck: false, proposalChannel: null, addressLine1: '', city: '', state: null, zipCode: '' },
      {},
    ],
    [
      'a check without its address',
      { addressLine1: '', zipCode: '' },
      { addressLine1: 'Address line 1 is required', zipCode: 'Zip code is required' },
    ],
    [
      'mailed proposals without an address',
      { paysByCheck: false, proposalChannel: 'mail', city: '' },
      { city: 'City is required' },
    ],
    [
      'emailed proposals without the address',
      { proposalEmail: '' },
      { proposalEmail: 'Email for proposals is required' },
    ],
    [
      'an invalid email',
      { proposalEmail: 'not an email' },
      { proposalEmail: 'Email for proposals is invalid' },
    ],
    ['an unknown channel', { proposalChannel: 'fax' }, { proposalChannel: 'Proposals by is invalid' }],
    ['ACH keeping the stored numbers (both empty)', { paysByAch: true }, {}],
    [
      'ACH with a routing number alone',
      { paysByAch: true, routingNumber: '021000021' },
      { accountNumber: 'Account Number is required' },
    ],
    [
      'ACH with an account number alone',
      { paysByAch: true, accountNumber: '123456789' },
      { routingNumber: 'Routing Number is required' },
    ],
    [
      'a routing number failing its check digit',
      { paysByAch: true, routingNumber: '021000022', accountNumber: '123456789' },
      { routingNumber: 'Routing Number is invalid' },
    ],
    [
      'an account number of letters',
      { paysByAch: true, routingNumber: '021000021', accountNumber: '12AB' },
      { accountNumber: 'Account Number is invalid' },
    ],
    ['a state that is none', { state: 'XX' }, { state: 'State is invalid' }],
    ['a zip of four digits', { zipCode: '1985' }, { zipCode: 'Zip code is invalid' }],
    [
      'no response days',
      { responseDays: 0 },
      { responseDays: 'Usual response time (days) must be from 1 to 365' },
    ],
    [
      'a huge response time',
      { responseDays: 1e20 },
      { responseDays: 'Usual response time (days) is invalid' },
    ],
    [
      'payments before concessions past a plan',
      { concessionsAfterPayments: 61 },
      { concessionsAfterPayments: 'On-time payments before concessions must be from 1 to 60' },
    ],
    ['three payments before concessions', { concessionsAfterPayments: 3 }, {}],
    [
      'control characters in the address',
      { addressLine1: 'PO\u0000Box' },
      { addressLine1: 'Address line 1 is invalid' },
    ],
    ['no reason', { reason: ' ' }, { reason: 'Reason for the change is required' }],
  ])('%s', (_case, change, errors) => {
    expect(fieldErrors({ ...valid, ...change })).toEqual(errors);
  });

  it('refuses a field it does not know (a full routing number under another name)', () => {
    expect(creditorDetailsSchema.safeParse({ ...valid, routing: '021000021' }).success).toBe(false);
  });

  it('drops the numbers of a method the creditor does not take, and an email it takes no proposals at', () => {
    const parsed = creditorDetailsSchema.parse({
      ...valid,
      paysByAch: false,
      routingNumber: '021000021',
      accountNumber: '123456789',
      proposalChannel: 'batch',
    });
    expect([parsed.routingNumber, parsed.accountNumber, parsed.proposalEmail]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

const view: CreditorDetailsView = {
  addressLine1: 'PO Box 15298',
  addressLine2: null,
  city: 'Wilmington',
  state: 'DE',
  zipCode: '19850',
  paysByCheck: true,
  paysByAch: true,
  routingNumberLast4: '0021',
  accountNumberLast4: '6789',
  proposalChannel: 'batch',
  proposalEmail: null,
  responseDays: 21,
  concessionsAfterPayments: null,
};

describe('the history of the details', () => {
  it('reads each detail: unset as a dash, ACH numbers masked, channels and methods in words', () => {
    expect(detailText(view, 'addressLine2')).toBe('—');
    expect(detailText(view, 'routingNumberLast4')).toBe('•••• 0021');
    expect(detailText(view, 'proposalChannel')).toBe('Electronic batch');
    expect(detailText(view, 'paysByCheck')).toBe('Yes');
    expect(detailText(view, 'responseDays')).toBe('21');
  });

  it('lists only what changed, before and after, in the form order', () => {
    expect(
      detailDifferences(view, {
        ...view,
        addressLine1: 'PO Box 6294',
        zipCode: '57117',
        accountNumberLast4: '4321',
        proposalChannel: 'mail',
      }),
    ).toEqual([
      { label: 'Address line 1', before: 'PO Box 15298', after: 'PO Box 6294' },
      { label: 'Zip code', before: '19850', after: '57117' },
      { label: 'Account Number', before: '•••• 6789', after: '•••• 4321' },
      { label: 'Proposals by', before: 'Electronic batch', after: 'Mail' },
    ]);
    expect(detailDifferences(view, view)).toEqual([]);
  });
});
