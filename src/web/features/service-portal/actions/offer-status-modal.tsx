import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { FormProvider, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import type { CreditorRemittance, OfferView } from '#domain/flow/staff-views';
import { parseDollarsToCents, parsePercentToBp } from '#domain/enrollment/counter-offer';
import {
  OFFER_ANSWER_CHOICE_LABELS,
  OFFER_ANSWER_CHOICES,
  OFFER_DECLINE_REASON_LABELS,
  OFFER_STATUS_LABELS,
  OFFER_STATUS_QUESTION,
  offerDeclineReasonSchema,
  offerStatusSchema,
  type OfferAnswerChoice,
  type OfferAnswerView,
  type OfferDeclineReason,
  type OfferStatusAnswer,
} from '#domain/validation/staff';
import { formatDollars } from '#domain/money/cents';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { Modal } from '#web/components/ui/modal';
import { setOfferStatus } from '#web/features/service-portal/api';
import {
  type AchNumbersOnFile,
  CREDITOR_ACCOUNT_FIELD_ORDER,
  CreditorAccountForm,
  EMPTY_CREDITOR_ACCOUNT,
  hasTypedCreditorDetails,
  type CreditorAccountFormValues,
} from './creditor-account-form';
import { CounterOfferFields } from './counter-offer-fields';
import { DeclineReasons } from './decline-reasons';
import { ActionAlert, ModalButtons, useStaffAction } from './staff-action-parts';
import { ChoiceField, type Choice } from '#web/components/ui/form/choice-field';

const ANSWERS: readonly Choice<OfferAnswerChoice>[] = OFFER_ANSWER_CHOICES.map((status) => ({
  value: status,
  label: OFFER_ANSWER_CHOICE_LABELS[status],
}));

type OfferForm = {
  status: OfferAnswerChoice | null;
  /** The counter-offer's figures as typed: dollars and percent. */
  counterPayment: string;
  counterApr: string;
  creditorAccount: CreditorAccountFormValues;
  reasons: OfferDeclineReason[];
};

/**
 * The creditor form as sent: keeping the numbers on file sends no numbers (the server copies the creditor
 * table's), even ones typed before the box was ticked again; otherwise the option is not sent.
 */
const creditorAccountToSend = (account: CreditorAccountFormValues): CreditorAccountFormValues =>
  account.isAch === true && account.achOnFile === true
    ? { ...account, accountNumber: undefined, routingNumber: undefined }
    : { ...account, achOnFile: undefined };

/** A typed figure the parser refused becomes NaN, which the server's schema refuses with the field's message. */
const typed = (value: number | null | undefined): number | null | undefined =>
  value === undefined ? Number.NaN : value;

/**
 * The form holds both branches; only the chosen one is sent, checked by the server's own schema. The version
 * is a placeholder here: the offer's current one is put in at submit.
 */
const offerFormSchema = z
  .object({
    status: z.enum(OFFER_ANSWER_CHOICES).nullable(),
    counterPayment: z.string(),
    counterApr: z.string(),
    creditorAccount: z.custom<CreditorAccountFormValues>(),
    reasons: z.array(offerDeclineReasonSchema),
  })
  .transform(({ status, counterPayment, counterApr, creditorAccount, reasons }) =>
    status === 'accepted'
      ? { version: 0, status, creditorAccount: creditorAccountToSend(creditorAccount) }
      : status === 'declined'
        ? { version: 0, status, reasons }
        : status === 'counterOffer'
          ? {
              version: 0,
              status,
              counterPayment: typed(parseDollarsToCents(counterPayment)),
              counterApr: typed(parsePercentToBp(counterApr)),
              creditorAccount: creditorAccountToSend(creditorAccount),
            }
          : { version: 0, status },
  )
  .pipe(offerStatusSchema);

const EMPTY_FORM: OfferForm = {
  status: null,
  counterPayment: '',
  counterApr: '',
  creditorAccount: EMPTY_CREDITOR_ACCOUNT,
  reasons: [],
};

/** The creditor table's ACH numbers by last four, when it takes ACH and holds both. */
export const achNumbersOnFile = (r: CreditorRemittance | null | undefined): AchNumbersOnFile | null =>
  r?.paysByAch && r.achRoutingNumberLast4 && r.achAccountNumberLast4
    ? { routingNumberLast4: r.achRoutingNumberLast4, accountNumberLast4: r.achAccountNumberLast4 }
    : null;

/**
 * The creditor form's starting values from the creditor table: by check to its remittance address when it takes
 * checks, else by ACH. ACH numbers on file are kept by default (the server copies them: the browser only ever
 * sees their last four digits); staff untick that to type others. Empty when the creditor has no details on
 * file (or the offer is on the default programme).
 */
export function prefilledCreditorAccount(
  r: CreditorRemittance | null | undefined,
): CreditorAccountFormValues {
  if (!r || (!r.paysByCheck && !r.paysByAch)) return EMPTY_CREDITOR_ACCOUNT;
  return {
    ...EMPTY_CREDITOR_ACCOUNT,
    isAch: !r.paysByCheck,
    addressLine1: r.addressLine1 ?? '',
    addressLine2: r.addressLine2 ?? '',
    city: r.city ?? '',
    state: (r.state ?? null) as CreditorAccountFormValues['state'],
    zipCode: r.zipCode ?? '',
    achOnFile: achNumbersOnFile(r) !== null,
  };
}

export const PREFILLED_NOTE =
  'Started from the creditor’s details on file. A change here applies to this account only and is recorded.';

/** Where the creditor table says to pay by ACH, by last four digits. */
const achOnFileNote = (r: CreditorRemittance) =>
  r.paysByAch && r.achRoutingNumberLast4 && r.achAccountNumberLast4
    ? `ACH on file for this creditor: routing •••• ${r.achRoutingNumberLast4}, account •••• ${r.achAccountNumberLast4}.`
    : null;

const FIELD_ORDER = [
  'status',
  'counterPayment',
  'counterApr',
  ...CREDITOR_ACCOUNT_FIELD_ORDER.map((key) => `creditorAccount.${key}`),
  'reasons',
] as Path<OfferForm>[];

export type OfferStatusModalProps = {
  /** The offer being answered (an entry of the borrower summary's decision); nothing shows without one. */
  offer: OfferView | null | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the server's answer after the offer was updated (the modal has closed). */
  onSaved: (answer: OfferAnswerView) => void;
};

export const DISCARD_QUESTION = 'Discard the creditor details you typed?';
export const DISCARD_DESCRIPTION = 'What you typed in the creditor form will be lost.';
export const KEEP_EDITING = 'Keep editing';
export const DISCARD = 'Discard';

/** What the modal asks of the form inside it before closing. */
type TypedDetails = { hasTypedDetails: () => boolean };

/**
 * The staff's offer-status modal: 'Was the offer accepted or declined?';
 * accepted shows the creditor form, declined the rejection reasons. The form lives inside the dialog's
 * content, so closing it drops everything entered and the next opening starts empty. Creditor details take
 * typing (addresses, account numbers), so Cancel, Escape, the close button or a click outside first ask
 * whether to discard them; with nothing typed the modal closes at once.
 */
export function OfferStatusModal({ offer, open, onOpenChange, onSaved }: OfferStatusModalProps) {
  const form = useRef<TypedDetails>(null);
  const [confirming, setConfirming] = useState(false);
  if (!offer) return null;
  const requestClose = () => {
    if (form.current?.hasTypedDetails()) setConfirming(true);
    else onOpenChange(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}
      title={offer.creditor}
      description={<OfferFacts offer={offer} />}
      size="lg"
    >
      <OfferStatusForm
        key={offer.id}
        ref={form}
        offer={offer}
        onCancel={requestClose}
        onSaved={(answer) => {
          onOpenChange(false);
          onSaved(answer);
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={DISCARD_QUESTION}
        description={DISCARD_DESCRIPTION}
        cancelLabel={KEEP_EDITING}
        confirmLabel={DISCARD}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onOpenChange(false);
        }}
      />
    </Modal>
  );
}

function OfferFacts({ offer }: { offer: OfferView }) {
  const current = offer.status ? OFFER_STATUS_LABELS[offer.status] : 'Not answered yet';
  const reasons = offer.reasons
    .map((reason) => OFFER_DECLINE_REASON_LABELS[reason as OfferDeclineReason] ?? reason)
    .join(', ');
  return (
    <span className="block text-sm">
      <span className="block">
        Balance {formatDollars(offer.balance)} · Payment {formatDollars(offer.payment)} a month · {offer.term}{' '}
        {offer.term === 1 ? 'month' : 'months'}
      </span>
      <span className="block">
        Current answer: <strong>{current}</strong>
        {offer.status === 'declined' && reasons ? ` (${reasons})` : ''}
      </span>
    </span>
  );
}

function OfferStatusForm({
  ref,
  offer,
  onCancel,
  onSaved,
}: {
  ref: Ref<TypedDetails>;
  offer: OfferView;
  onCancel: () => void;
  onSaved: (answer: OfferAnswerView) => void;
}) {
  const [start] = useState(() => prefilledCreditorAccount(offer.remittance));
  const form = useZodForm(offerFormSchema, { ...EMPTY_FORM, creditorAccount: start });
  const prefilled = start !== EMPTY_CREDITOR_ACCOUNT;
  useImperativeHandle(
    ref,
    () => ({
      // Details as prefilled are not typing; a change to them is.
      hasTypedDetails: () =>
        (prefilled
          ? JSON.stringify(form.getValues('creditorAccount')) !== JSON.stringify(start)
          : hasTypedCreditorDetails(form.getValues('creditorAccount'))) ||
        form.getValues('counterPayment').trim() !== '' ||
        form.getValues('counterApr').trim() !== '',
    }),
    [form, prefilled, start],
  );
  const action = useStaffAction(
    (body: OfferStatusAnswer) => setOfferStatus(offer.id, body),
    form,
    FIELD_ORDER,
  );
  const status = useWatch({ control: form.control, name: 'status' });

  const onSubmit = form.handleSubmit(async (answer) => {
    // The version as read now: after a 409 the refreshed offer's, so a second try is a deliberate one.
    const saved = await action.run({ ...answer, version: offer.version });
    if (saved) onSaved(saved);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-6">
        <ChoiceField
          name="status"
          legend={OFFER_STATUS_QUESTION}
          choices={ANSWERS}
          onChoose={action.clearError}
        />
        {status === 'counterOffer' && <CounterOfferFields offer={offer} />}
        {(status === 'accepted' || status === 'counterOffer') && (
          <>
            {prefilled && offer.remittance && (
              <p className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
                {PREFILLED_NOTE}
                {achOnFileNote(offer.remittance) ? ` ${achOnFileNote(offer.remittance)}` : ''}
              </p>
            )}
            <CreditorAccountForm numbersOnFile={achNumbersOnFile(offer.remittance)} />
          </>
        )}
        {status === 'declined' && <DeclineReasons />}
        <ActionAlert message={action.error} />
        <ModalButtons busy={action.busy} onCancel={onCancel} />
      </form>
    </FormProvider>
  );
}
