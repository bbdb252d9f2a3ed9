import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ERROR_DEFAULT_MESSAGE } from '#domain/errors';
import type { OfferView } from '#domain/flow/staff-views';
import {
  ACH_NOT_ON_FILE,
  ACH_ON_FILE_OR_TYPED,
  CREDITOR_ACCOUNT_LABELS,
  OFFER_DECLINE_HINT,
  OFFER_DECLINE_QUESTION,
  OFFER_DECLINE_REASON_LABELS,
  OFFER_DECLINE_REASON_REQUIRED,
  OFFER_STATUS_QUESTION,
} from '#domain/validation/staff';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { DISCARD, DISCARD_QUESTION, KEEP_EDITING, OfferStatusModal } from './offer-status-modal';

const OFFER = {
  id: '3f1c2a4e-0000-4000-8000-000000000001',
  version: 4,
  status: null,
  leftOutByBorrower: false,
  hasProposal: false,
  creditor: 'Capital Bank',
  debtId: 'debt-1',
  collectionId: null,
  balance: 512_300,
  payment: 14_500,
  paymentPercentage: 283,
  term: 48,
  currentApr: 2190,
  proposedApr: 800,
  proposedMonthlyInterestPayment: 3_400,
  proposedMonthlyPrincipalPayment: 11_100,
  estimatedPayoffSavings: 210_000,
  fee: 1_250,
  counterPayment: null,
  counterApr: null,
  reasons: [],
  statusChanges: [],
} satisfies OfferView;

const STATUS_PATH = `POST /api/staff/offers/${OFFER.id}/status`;
const ANSWER = {
  offer: { id: OFFER.id, status: 'accepted', version: 5, reasons: [], creditorAccount: null },
  application: { id: 'app-1', status: 'creditorReview' },
  handOver: null,
};
const VALID_ROUTING = '011000015';
const WRONG_ROUTING = '123456789';

let calls: ApiCall[];
let reply: { status: number; body?: unknown };
let saved: unknown[];
let user: UserEvent;
let consoleError: ReturnType<typeof vi.spyOn>;

/** What the decision tab does: an Answer button opening the modal for one offer. */
function Host({ offer = OFFER }: { offer?: OfferView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Answer
      </button>
      <p data-testid="open">{String(open)}</p>
      <OfferStatusModal offer={offer} open={open} onOpenChange={setOpen} onSaved={(a) => saved.push(a)} />
    </>
  );
}

beforeEach(() => {
  saved = [];
  reply = { status: 200, body: ANSWER };
  calls = answerApi({ [STATUS_PATH]: () => reply });
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

async function open(offer?: OfferView) {
  ({ user } = renderRoutes(
    [{ path: '/borrower-summary', element: <Host offer={offer} /> }],
    '/borrower-summary',
  ));
  await click(buttonByName('Answer'));
  await screen.findByRole('dialog');
}

const click = (element: HTMLElement) => user.click(element);
const buttonByName = (name: string) => screen.getByRole('button', { name });
const byLabel = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** Types into the labelled field, replacing what it held. */
async function typeInto(label: string, text: string) {
  await user.clear(byLabel(label));
  await user.type(byLabel(label), text);
}
const dialog = () => screen.queryByRole('dialog');
const isOpen = () => screen.getByTestId('open').textContent === 'true';
/** A radio or checkbox by its label. */
const choice = (text: string) => byLabel(text);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const submitButton = () => buttonByName('Submit');
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('OfferStatusModal', () => {
  it('asks whether the offer was accepted or declined, naming the offer, and refuses to submit without an answer', async () => {
    await open();
    expect(dialog()?.querySelector('h2')?.textContent).toBe('Capital Bank');
    expect(dialog()?.textContent).toContain('Balance $5,123 · Payment $145 a month · 48 months');
    expect(dialog()?.textContent).toContain('Current answer: Not answered yet');
    expect(dialog()?.querySelector('legend')?.textContent).toBe(OFFER_STATUS_QUESTION);
    expect(choice('Accepted').checked).toBe(false);
    expect(choice('Declined').checked).toBe(false);

    await click(submitButton());
    await waitFor(() => expect(alerts()).toEqual([`${OFFER_STATUS_QUESTION} is required`]));
    expect(document.activeElement).toBe(choice('Accepted'));
    expect(posts()).toEqual([]);
  });

  it('accepted by ACH: account and routing number appear, a wrong routing number is refused, then it is sent with the version', async () => {
    await open();
    await click(choice('Accepted'));
    expect(() => byLabel('Routing Number')).toThrow();
    await click(choice('ACH'));
    await typeInto('Email for remittance information', 'Remit@CapitalBank.com');
    await typeInto('Account Number', '12-34 5678a');
    expect(byLabel('Account Number').value).toBe('12345678');
    expect(byLabel('Account Number').maxLength).toBe(12);
    expect(byLabel('Routing Number').maxLength).toBe(9);
    await typeInto('Routing Number', WRONG_ROUTING);
    await click(submitButton());
    await waitFor(() => expect(byLabel('Routing Number')).toHaveAttribute('aria-invalid', 'true'));
    expect(alerts()).toEqual([]);
    expect(dialog()?.textContent).toContain('Routing Number is invalid');
    expect(posts()).toEqual([]);

    await typeInto('Routing Number', VALID_ROUTING);
    await click(submitButton());
    await waitFor(() => expect(saved).toEqual([ANSWER]));
    expect(posts()).toEqual([
      {
        version: 4,
        status: 'accepted',
        creditorAccount: {
          isAch: true,
          email: 'remit@capitalbank.com',
          accountNumber: '12345678',
          routingNumber: VALID_ROUTING,
        },
      },
    ]);
    expect(isOpen()).toBe(false);
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it.each([
    [
      'Check requires the address',
      'Check',
      ['Address line 1 is required', 'City is required', 'State is required', 'Zip code is required'],
    ],
    [
      'ACH requires the account and routing numbers',
      'ACH',
      ['Account Number is required', 'Routing Number is required'],
    ],
  ])('%s', async (_name, method, messages) => {
    await open();
    await click(choice('Accepted'));
    await click(choice(method));
    await click(submitButton());
    await waitFor(() => {
      for (const message of messages) expect(dialog()).toHaveTextContent(message);
    });
    expect(posts()).toEqual([]);
  });

  it('accepted by check: sends the address and memo, not account numbers typed under ACH before switching', async () => {
    await open();
    await click(choice('Accepted'));
    await click(choice('ACH'));
    await typeInto('Account Number', '999');
    await click(choice('Check'));
    await typeInto('Address line 1', ' 1 Main St ');
    await typeInto('City', 'Boston');
    await user.selectOptions(dialog()!.querySelector('select')!, 'MA');
    await typeInto('Zip code', '02110');
    const memo = dialog()!.querySelector('textarea')!;
    expect(memo.maxLength).toBe(245);
    await user.type(memo, 'Acct ending 4321');
    await click(submitButton());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()).toEqual([
      {
        version: 4,
        status: 'accepted',
        creditorAccount: {
          isAch: false,
          addressLine1: '1 Main St',
          city: 'Boston',
          state: 'MA',
          zipCode: '02110',
          memo: 'Acct ending 4321',
        },
      },
    ]);
  });

  it("starts from the creditor table's remittance address; an edit is for this account, and counts as typing", async () => {
    const remittance = {
      creditorId: 'chase',
      paysByCheck: true,
      paysByAch: true,
      addressLine1: 'PO Box 15298',
      addressLine2: null,
      city: 'Wilmington',
      state: 'DE',
      zipCode: '19850',
      achRoutingNumberLast4: '0021',
      achAccountNumberLast4: '5544',
    };
    await open({ ...OFFER, remittance });
    await click(choice('Accepted'));
    expect(screen.getByText(/Started from the creditor’s details on file/)).toHaveTextContent(
      'ACH on file for this creditor: routing •••• 0021, account •••• 5544.',
    );
    expect(choice('Check')).toBeChecked();
    expect(byLabel('Address line 1').value).toBe('PO Box 15298');
    expect(byLabel('City').value).toBe('Wilmington');
    expect(byLabel('Zip code').value).toBe('19850');
    // Nothing typed yet: Cancel closes at once.
    await click(buttonByName('Cancel'));
    expect(isOpen()).toBe(false);

    await click(buttonByName('Answer'));
    await click(choice('Accepted'));
    await typeInto('Address line 1', 'PO Box 1');
    await click(submitButton());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      status: 'accepted',
      creditorAccount: {
        isAch: false,
        addressLine1: 'PO Box 1',
        city: 'Wilmington',
        state: 'DE',
        zipCode: '19850',
      },
    });
  });

  describe("the creditor table's ACH numbers", () => {
    /** A creditor paid by ACH only, its numbers on file (the browser holds their last four digits). */
    const ACH_REMITTANCE = {
      creditorId: 'chase',
      paysByCheck: false,
      paysByAch: true,
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      zipCode: null,
      achRoutingNumberLast4: '0021',
      achAccountNumberLast4: '5544',
    };
    const keepOnFile = () => byLabel(CREDITOR_ACCOUNT_LABELS.achOnFile);

    it('keeps the numbers on file by default: no number to type, and none sent', async () => {
      await open({ ...OFFER, remittance: ACH_REMITTANCE });
      await click(choice('Accepted'));
      expect(choice('ACH')).toBeChecked();
      expect(keepOnFile()).toBeChecked();
      expect(keepOnFile()).toHaveAccessibleDescription(
        'Routing •••• 0021, account •••• 5544, copied by the server. Untick to type other numbers for this account only.',
      );
      expect(() => byLabel('Account Number')).toThrow();
      expect(() => byLabel('Routing Number')).toThrow();
      // Nothing typed: Cancel closes at once.
      await click(buttonByName('Cancel'));
      expect(isOpen()).toBe(false);

      await click(buttonByName('Answer'));
      await click(choice('Accepted'));
      await click(submitButton());
      await waitFor(() => expect(saved).toEqual([ANSWER]));
      expect(posts()).toEqual([
        { version: 4, status: 'accepted', creditorAccount: { isAch: true, achOnFile: true } },
      ]);
    });

    it('unticked, asks for new numbers and sends them without the option', async () => {
      await open({ ...OFFER, remittance: ACH_REMITTANCE });
      await click(choice('Counter-offer'));
      await typeInto('Plan APR (percent)', '5');
      await click(keepOnFile());
      expect(keepOnFile()).not.toBeChecked();
      await click(submitButton());
      await waitFor(() => expect(dialog()).toHaveTextContent('Account Number is required'));
      expect(dialog()).toHaveTextContent('Routing Number is required');
      expect(posts()).toEqual([]);

      await typeInto('Account Number', '123456');
      await typeInto('Routing Number', VALID_ROUTING);
      // Typed numbers are typing: closing asks first.
      await click(buttonByName('Cancel'));
      await screen.findByRole('alertdialog');
      await click(buttonByName(KEEP_EDITING));
      await click(submitButton());
      await waitFor(() => expect(posts()).toHaveLength(1));
      expect(posts()[0]).toEqual({
        version: 4,
        status: 'counterOffer',
        counterPayment: null,
        counterApr: 500,
        creditorAccount: { isAch: true, accountNumber: '123456', routingNumber: VALID_ROUTING },
      });
    });

    it('ticked again after typing, sends no number (the typed ones stay in the browser)', async () => {
      await open({ ...OFFER, remittance: ACH_REMITTANCE });
      await click(choice('Accepted'));
      await click(keepOnFile());
      await typeInto('Account Number', '123456');
      await click(keepOnFile());
      expect(() => byLabel('Account Number')).toThrow();
      await click(submitButton());
      await waitFor(() => expect(posts()).toHaveLength(1));
      expect(posts()[0]).toEqual({
        version: 4,
        status: 'accepted',
        creditorAccount: { isAch: true, achOnFile: true },
      });
      expect(JSON.stringify(posts())).not.toContain('123456');
    });

    it.each([ACH_NOT_ON_FILE, ACH_ON_FILE_OR_TYPED])(
      'shows the server’s refusal beside the option: %s',
      async (message) => {
        reply = {
          status: 400,
          body: { code: 'ValidationError', message, fieldErrors: { 'creditorAccount.achOnFile': message } },
        };
        await open({ ...OFFER, remittance: ACH_REMITTANCE });
        await click(choice('Accepted'));
        await click(submitButton());
        await waitFor(() => expect(keepOnFile()).toHaveAttribute('aria-invalid', 'true'));
        expect(dialog()).toHaveTextContent(message);
        expect(isOpen()).toBe(true);
      },
    );

    it('is not offered when the creditor has no ACH numbers on file', async () => {
      await open({
        ...OFFER,
        remittance: { ...ACH_REMITTANCE, achRoutingNumberLast4: null, achAccountNumberLast4: null },
      });
      await click(choice('Accepted'));
      expect(choice('ACH')).toBeChecked();
      expect(() => keepOnFile()).toThrow();
      expect(byLabel('Account Number').value).toBe('');
    });

    it('is offered under ACH only, for a creditor that takes checks too (the form starts with Check)', async () => {
      await open({
        ...OFFER,
        remittance: {
          ...ACH_REMITTANCE,
          paysByCheck: true,
          addressLine1: 'PO Box 15298',
          city: 'Wilmington',
          state: 'DE',
          zipCode: '19850',
        },
      });
      await click(choice('Accepted'));
      expect(choice('Check')).toBeChecked();
      expect(() => keepOnFile()).toThrow();
      await click(choice('ACH'));
      expect(keepOnFile()).toBeChecked();
    });
  });

  it('declined: asks for the reasons, requires one, and sends the ticked ones in list order', async () => {
    await open();
    await click(choice('Declined'));
    expect(dialog()?.textContent).toContain(OFFER_DECLINE_QUESTION);
    expect(dialog()?.textContent).toContain(OFFER_DECLINE_HINT);
    for (const label of Object.values(OFFER_DECLINE_REASON_LABELS)) expect(choice(label).checked).toBe(false);
    expect(Object.values(OFFER_DECLINE_REASON_LABELS)).toHaveLength(7);

    await click(submitButton());
    await waitFor(() => expect(alerts()).toEqual([OFFER_DECLINE_REASON_REQUIRED]));
    expect(posts()).toEqual([]);

    await click(choice('autoclosed'));
    await click(choice('term too long'));
    await waitFor(() => expect(alerts()).toEqual([]));
    await click(submitButton());
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(posts()).toEqual([{ version: 4, status: 'declined', reasons: ['termTooLong', 'autoclosed'] }]);
  });

  it('counter-offer: the two figures beside the creditor form, refused beside the field, sent in cents and basis points', async () => {
    await open();
    expect(choice('Counter-offer').checked).toBe(false);
    await click(choice('Counter-offer'));
    expect(dialog()?.textContent).toContain("The creditor's counter-offer");
    expect(dialog()?.textContent).toContain('Offered: $145 a month');
    expect(dialog()?.textContent).toContain('Offered: 8%; 0% to 36%');
    await click(choice('Check'));
    await typeInto('Address line 1', '1 Main St');
    await typeInto('City', 'Boston');
    await user.selectOptions(dialog()!.querySelector('select')!, 'MA');
    await typeInto('Zip code', '02110');

    // Neither figure: the payment says what to do.
    await click(submitButton());
    await waitFor(() => expect(byLabel('Monthly payment (dollars)')).toHaveAttribute('aria-invalid', 'true'));
    expect(dialog()).toHaveTextContent('Enter the monthly payment, the plan APR or both');
    expect(posts()).toEqual([]);
    // Typing the other figure answers it at once: the message goes.
    await typeInto('Plan APR (percent)', '5');
    await waitFor(() =>
      expect(dialog()).not.toHaveTextContent('Enter the monthly payment, the plan APR or both'),
    );
    expect(byLabel('Monthly payment (dollars)')).not.toHaveAttribute('aria-invalid', 'true');

    await typeInto('Monthly payment (dollars)', '12.345');
    await typeInto('Plan APR (percent)', '40');
    await click(submitButton());
    await waitFor(() => expect(dialog()).toHaveTextContent('Monthly payment is invalid'));
    expect(dialog()).toHaveTextContent('Plan APR must be from 0% to 36%');
    expect(byLabel('Plan APR (percent)')).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toEqual([]);

    await typeInto('Monthly payment (dollars)', '$120.50');
    await typeInto('Plan APR (percent)', '12.5%');
    await click(submitButton());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()).toEqual([
      {
        version: 4,
        status: 'counterOffer',
        counterPayment: 12_050,
        counterApr: 1250,
        creditorAccount: {
          isAch: false,
          addressLine1: '1 Main St',
          city: 'Boston',
          state: 'MA',
          zipCode: '02110',
        },
      },
    ]);
  });

  it('counter-offer: shows the server’s message beside the payment (interest not covered) and keeps the modal open', async () => {
    const message =
      'This payment does not cover the monthly interest ($34.15 at 8%): enter a higher payment or a lower APR';
    reply = {
      status: 400,
      body: { code: 'ValidationError', message, fieldErrors: { counterPayment: message } },
    };
    await open();
    await click(choice('Counter-offer'));
    await typeInto('Monthly payment (dollars)', '30');
    await click(choice('Check'));
    await typeInto('Address line 1', '1 Main St');
    await typeInto('City', 'Boston');
    await user.selectOptions(dialog()!.querySelector('select')!, 'MA');
    await typeInto('Zip code', '02110');
    await click(submitButton());
    await waitFor(() => expect(dialog()).toHaveTextContent(message));
    expect(byLabel('Monthly payment (dollars)')).toHaveAttribute('aria-invalid', 'true');
    expect(isOpen()).toBe(true);
    expect(posts()).toMatchObject([{ status: 'counterOffer', counterPayment: 3000, counterApr: null }]);
  });

  it('shows a 409 in the modal and keeps what was entered', async () => {
    reply = { status: 409, body: { code: 'Conflict', message: APP_ERROR_DEFAULT_MESSAGE.Conflict } };
    await open();
    await click(choice('Declined'));
    await click(choice('other'));
    await click(submitButton());
    await waitFor(() => expect(alerts()).toEqual([APP_ERROR_DEFAULT_MESSAGE.Conflict]));
    expect(isOpen()).toBe(true);
    expect(choice('other').checked).toBe(true);
    expect(saved).toEqual([]);
  });

  it('shows a server failure as the save message', async () => {
    reply = {
      status: 500,
      body: { code: 'InternalError', message: 'Something went wrong. Please try again.' },
    };
    await open();
    await click(choice('Declined'));
    await click(choice('other'));
    await click(submitButton());
    await waitFor(() =>
      expect(alerts()).toEqual(['There was a problem saving your information. Please try again.']),
    );
  });

  /** The ways a person closes the modal: the Cancel button, Escape, the × button, a click beside it. */
  const CLOSERS = [
    ['Cancel', async () => click(buttonByName('Cancel'))],
    ['Escape', async () => user.keyboard('{Escape}')],
    ['the close button', async () => click(buttonByName('Close'))],
    // The overlay beside the dialog (Radix acts on the pointer going down there).
    [
      'a click outside',
      async () => click(document.querySelector<HTMLElement>('[data-state=open].fixed.inset-0')!),
    ],
  ] as const;
  const confirm = () => screen.queryByRole('alertdialog', { name: DISCARD_QUESTION });

  it.each(CLOSERS)(
    '%s closes at once when nothing was typed, and the next opening starts empty',
    async (_name, close) => {
      await open();
      await click(choice('Accepted'));
      // Choosing the payment method is not typing.
      await click(choice('ACH'));
      await close();
      await waitFor(() => expect(dialog()).toBeNull());
      expect(confirm()).toBeNull();
      expect(isOpen()).toBe(false);

      await click(buttonByName('Answer'));
      expect(choice('Accepted').checked).toBe(false);
      expect(choice('Declined').checked).toBe(false);
      expect(posts()).toEqual([]);
    },
  );

  it.each(CLOSERS)(
    '%s asks before discarding typed creditor details; Keep editing keeps them',
    async (_name, close) => {
      await open();
      await click(choice('Accepted'));
      await click(choice('ACH'));
      await typeInto('Account Number', '1234');
      await close();
      const asked = await screen.findByRole('alertdialog', { name: DISCARD_QUESTION });
      expect(within(asked).getByRole('button', { name: KEEP_EDITING })).toHaveFocus();
      expect(isOpen()).toBe(true);

      await click(within(asked).getByRole('button', { name: KEEP_EDITING }));
      await waitFor(() => expect(confirm()).toBeNull());
      expect(dialog()).not.toBeNull();
      expect(isOpen()).toBe(true);
      expect(byLabel('Account Number').value).toBe('1234');
      expect(posts()).toEqual([]);
    },
  );

  it('Discard closes the modal and the next opening starts empty', async () => {
    await open();
    await click(choice('Accepted'));
    await click(choice('Check'));
    await typeInto('City', 'Boston');
    await click(buttonByName('Cancel'));
    const asked = await screen.findByRole('alertdialog', { name: DISCARD_QUESTION });
    await click(within(asked).getByRole('button', { name: DISCARD }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(confirm()).toBeNull();
    expect(isOpen()).toBe(false);

    await click(buttonByName('Answer'));
    expect(choice('Accepted').checked).toBe(false);
    expect(screen.queryByLabelText('City')).toBeNull();
    await click(choice('Accepted'));
    expect(byLabel('City').value).toBe('');
    expect(posts()).toEqual([]);
  });

  it('Escape in the question keeps editing, with the focus back in the field', async () => {
    await open();
    await click(choice('Accepted'));
    await click(choice('Check'));
    await typeInto('Address line 1', '1 Main St');
    await user.keyboard('{Escape}');
    await screen.findByRole('alertdialog', { name: DISCARD_QUESTION });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(confirm()).toBeNull());
    expect(dialog()).not.toBeNull();
    expect(byLabel('Address line 1')).toHaveFocus();
    expect(byLabel('Address line 1').value).toBe('1 Main St');
  });

  it('asks about details typed under ACH even after switching to declined, and not about spaces', async () => {
    await open();
    await click(choice('Accepted'));
    await click(choice('Check'));
    await typeInto('City', '   ');
    await click(buttonByName('Cancel'));
    await waitFor(() => expect(dialog()).toBeNull());

    await click(buttonByName('Answer'));
    await click(choice('Accepted'));
    await click(choice('ACH'));
    await typeInto('Routing Number', '0210');
    await click(choice('Declined'));
    await click(buttonByName('Cancel'));
    expect(await screen.findByRole('alertdialog', { name: DISCARD_QUESTION })).toBeInTheDocument();
  });

  it('closes without asking after a successful save', async () => {
    await open();
    await click(choice('Accepted'));
    await click(choice('ACH'));
    await typeInto('Account Number', '12345678');
    await typeInto('Routing Number', VALID_ROUTING);
    await click(submitButton());
    await waitFor(() => expect(saved).toEqual([ANSWER]));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(confirm()).toBeNull();
  });

  it("shows a declined offer's current reasons", async () => {
    await open({ ...OFFER, status: 'declined', reasons: ['termTooLong', 'other'] });
    expect(dialog()?.textContent).toContain('Current answer: Declined (term too long, other)');
  });
});
