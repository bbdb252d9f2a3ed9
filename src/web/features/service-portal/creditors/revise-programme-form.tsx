import { useId } from 'react';
import { FormProvider, type Path } from 'react-hook-form';
import { z } from 'zod';
import { parseDollarsToCents, parsePercentToBp } from '#domain/enrollment/counter-offer';
import { SILENT_DEFAULTS, type SilentDefault } from '#domain/underwriting/constants';
import {
  PROGRAMME_LABELS,
  SILENT_DEFAULT_LABELS,
  programmeRevisionSchema,
  type ProgrammeRevision,
  type ProgrammeVersionView,
} from '#domain/validation/concessions';
import { LIMITS } from '#domain/validation/limits';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextAreaField } from '#web/components/ui/form/text-area-field';
import { SelectField } from '#web/components/ui/form/select-field';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { reviseProgramme } from '../api';
import { ActionAlert, useStaffAction } from '../actions/staff-action-parts';
import { dollarsOf, percentOf } from './programme-figures';

export const REVISE_TITLE = 'Revise the programme';
export const REVISE_SUBMIT = 'Save the new version';
export const REVISE_HINT =
  'The new terms apply to the offers made from now on; offers already made keep the version they were made on. ' +
  'Every version is kept with who made it, when and why.';

/**
 * The figures as typed (percent and dollars) and the reason, under the names the shared schema gives them, so
 * its messages (here and from the server) sit beside their fields; sent as basis points and cents.
 */
type RevisionForm = Record<Exclude<keyof ProgrammeRevision, 'silentDefault'>, string> & {
  silentDefault: SilentDefault;
};

/** A figure the parser refused becomes NaN, which the shared schema refuses with the field's message. */
const typed = (value: number | null | undefined): number => (value == null ? Number.NaN : value);

/** Whole months or days as typed: anything but digits is NaN, refused with the field's message. */
const wholeNumber = (value: string): number => (/^\s*\d{1,9}\s*$/.test(value) ? Number(value) : Number.NaN);

const revisionFormSchema = z
  .object({
    proposedAprBp: z.string(),
    paymentBp: z.string(),
    hardshipPaymentBp: z.string(),
    minimumPayment: z.string(),
    maxTermMonths: z.string(),
    fairShareBp: z.string(),
    silentDefault: z.enum(SILENT_DEFAULTS),
    silentAfterDays: z.string(),
    reason: z.string(),
  })
  .transform((v) => ({
    proposedAprBp: typed(parsePercentToBp(v.proposedAprBp)),
    paymentBp: typed(parsePercentToBp(v.paymentBp)),
    hardshipPaymentBp: typed(parsePercentToBp(v.hardshipPaymentBp)),
    minimumPayment: typed(parseDollarsToCents(v.minimumPayment)),
    maxTermMonths: wholeNumber(v.maxTermMonths),
    fairShareBp: typed(parsePercentToBp(v.fairShareBp)),
    silentDefault: v.silentDefault,
    silentAfterDays: wholeNumber(v.silentAfterDays),
    reason: v.reason,
  }))
  .pipe(programmeRevisionSchema);

const FIELD_ORDER: readonly Path<RevisionForm>[] = [
  'proposedAprBp',
  'minimumPayment',
  'paymentBp',
  'hardshipPaymentBp',
  'maxTermMonths',
  'fairShareBp',
  'silentDefault',
  'silentAfterDays',
  'reason',
];

const asTyped = (bp: number) => percentOf(bp).replace('%', '');

/** The revision form, filled with the terms in force; creditor relations staff only (the server checks too). */
export function ReviseProgrammeForm({
  creditorId,
  inForce,
  onSaved,
}: {
  creditorId: string;
  inForce: ProgrammeVersionView;
  onSaved: (version: number) => void;
}) {
  const headingId = useId();
  const form = useZodForm(revisionFormSchema, {
    proposedAprBp: asTyped(inForce.proposedAprBp),
    paymentBp: asTyped(inForce.paymentBp),
    hardshipPaymentBp: asTyped(inForce.hardshipPaymentBp),
    minimumPayment: dollarsOf(inForce.minimumPayment).replace('$', ''),
    maxTermMonths: String(inForce.maxTermMonths),
    fairShareBp: asTyped(inForce.fairShareBp),
    silentDefault: inForce.silentDefault,
    silentAfterDays: String(inForce.silentAfterDays),
    reason: '',
  });
  const action = useStaffAction(
    (body: ProgrammeRevision, idempotencyKey?: string) => reviseProgramme(creditorId, body, idempotencyKey),
    form,
    FIELD_ORDER,
  );
  const onSubmit = form.handleSubmit(async (body) => {
    const saved = await action.run(body);
    if (saved) {
      form.reset({ ...form.getValues(), reason: '' });
      onSaved(saved.version);
    }
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm"
      >
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {REVISE_TITLE}
        </h2>
        <p className="text-sm text-gray-700">{REVISE_HINT}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            name="proposedAprBp"
            label={`${PROGRAMME_LABELS.proposedAprBp} (percent)`}
            hint="0% to 36%"
            inputMode="decimal"
            autoComplete="off"
          />
          <TextField
            name="minimumPayment"
            label={`${PROGRAMME_LABELS.minimumPayment} (dollars)`}
            inputMode="decimal"
            autoComplete="off"
          />
          <TextField
            name="paymentBp"
            label={`${PROGRAMME_LABELS.paymentBp} (percent of the balance)`}
            inputMode="decimal"
            autoComplete="off"
          />
          <TextField
            name="hardshipPaymentBp"
            label={`${PROGRAMME_LABELS.hardshipPaymentBp} (percent of the balance)`}
            inputMode="decimal"
            autoComplete="off"
          />
          <TextField
            name="maxTermMonths"
            label={`${PROGRAMME_LABELS.maxTermMonths} (months)`}
            hint="1 to 60: a longer payoff gets a higher payment"
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField
            name="fairShareBp"
            label={`${PROGRAMME_LABELS.fairShareBp} (percent of each payment)`}
            hint="0% to 25%"
            inputMode="decimal"
            autoComplete="off"
          />
          <SelectField
            name="silentDefault"
            label={PROGRAMME_LABELS.silentDefault}
            options={SILENT_DEFAULTS.map((value) => ({ value, label: SILENT_DEFAULT_LABELS[value] }))}
          />
          <TextField
            name="silentAfterDays"
            label={PROGRAMME_LABELS.silentAfterDays}
            hint="Days without an answer to a proposal"
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <TextAreaField name="reason" label={PROGRAMME_LABELS.reason} limit={LIMITS.memo} />
        <SubmitButton busy={action.busy} className="sm:w-auto">
          {REVISE_SUBMIT}
        </SubmitButton>
        <ActionAlert message={action.error} />
      </form>
    </FormProvider>
  );
}
