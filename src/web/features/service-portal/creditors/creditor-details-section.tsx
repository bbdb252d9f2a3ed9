import { useId, useState } from 'react';
import { FormProvider, type Path, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  CREDITOR_DETAILS_LABELS as L,
  creditorDetailsSchema,
  type CreditorDetailsChangeView,
  type CreditorDetailsInput,
  type CreditorDetailsView,
  detailDifferences,
  detailText,
  PROPOSAL_CHANNEL_LABELS,
  PROPOSAL_CHANNELS,
} from '#domain/validation/creditor-details';
import { LIMITS } from '#domain/validation/limits';
import { US_STATES } from '#domain/validation/states';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { SelectField } from '#web/components/ui/form/select-field';
import { StatusBanner } from '#web/components/ui/form/status-banner';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextAreaField } from '#web/components/ui/form/text-area-field';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { updateCreditorDetails } from '../api';
import { ActionAlert, useStaffAction } from '../actions/staff-action-parts';
import { momentOf } from './programme-figures';

// A creditor's details on its page: where checks go, the ACH account (its last four digits), how proposals
// reach it, how fast it answers; the form creditor relations staff change them with, and every change.

export const DETAILS_TITLE = 'Payment and proposal details';
export const EDIT_DETAILS = 'Edit the details';
export const SAVE_DETAILS = 'Save the details';
export const DETAILS_SAVED = 'Details saved, with your reason, in the history below.';
export const DETAILS_UNCHANGED = 'Nothing changed: the details are as they were.';
export const DETAILS_HISTORY_TITLE = 'History of the details';
export const NO_DETAILS_HISTORY = 'No change has been made to these details yet.';
export const NUMBERS_REPLACED = 'ACH numbers replaced (same last four digits)';

const SHOW_LIST_CLASS = 'mt-3 grid gap-3 sm:grid-cols-2';

const addressOf = (d: CreditorDetailsView): string => {
  const cityLine = [d.city, [d.state, d.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [d.addressLine1, d.addressLine2, cityLine].filter(Boolean).join('\n') || '—';
};

const methodsOf = (d: CreditorDetailsView): string =>
  [
    d.paysByCheck ? 'Check, to the remittance address' : null,
    d.paysByAch
      ? `ACH: routing ${detailText(d, 'routingNumberLast4')}, account ${detailText(d, 'accountNumberLast4')}`
      : null,
  ]
    .filter(Boolean)
    .join('\n') || '—';

const channelOf = (d: CreditorDetailsView): string =>
  d.proposalChannel === 'email'
    ? `Email to ${d.proposalEmail ?? '—'}`
    : d.proposalChannel
      ? PROPOSAL_CHANNEL_LABELS[d.proposalChannel]
      : '—';

const concessionsOf = (d: CreditorDetailsView): string =>
  d.concessionsAfterPayments == null
    ? 'From the first payment'
    : `After ${d.concessionsAfterPayments} on-time payment${d.concessionsAfterPayments === 1 ? '' : 's'}`;

/** The details as typed: text as strings, the two methods as booleans, the channel as chosen. */
type DetailsForm = {
  [
    K in Exclude<keyof CreditorDetailsInput, 'paysByCheck' | 'paysByAch' | 'proposalChannel' | 'state'>
  ]: string;
} & { paysByCheck: boolean; paysByAch: boolean; proposalChannel: string | null; state: string | null };

/** A whole number as typed: empty is none, anything but digits is NaN (refused with the field's message). */
const countOf = (value: string): number | null =>
  value.trim() === '' ? null : /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : Number.NaN;

const detailsFormSchema = z
  .object({
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    state: z.string().nullable(),
    zipCode: z.string(),
    paysByCheck: z.boolean(),
    paysByAch: z.boolean(),
    routingNumber: z.string(),
    accountNumber: z.string(),
    proposalChannel: z.string().nullable(),
    proposalEmail: z.string(),
    responseDays: z.string(),
    concessionsAfterPayments: z.string(),
    reason: z.string(),
  })
  // The state and channel stay as chosen: the shared schema refuses one that is none of its values.
  .transform(
    (v) =>
      ({
        ...v,
        responseDays: countOf(v.responseDays),
        concessionsAfterPayments: countOf(v.concessionsAfterPayments),
      }) as CreditorDetailsInput,
  )
  .pipe(creditorDetailsSchema);

const FIELD_ORDER: readonly Path<DetailsForm>[] = [
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipCode',
  'paysByCheck',
  'paysByAch',
  'routingNumber',
  'accountNumber',
  'proposalChannel',
  'proposalEmail',
  'responseDays',
  'concessionsAfterPayments',
  'reason',
];

const formValuesOf = (d: CreditorDetailsView): DetailsForm => ({
  addressLine1: d.addressLine1 ?? '',
  addressLine2: d.addressLine2 ?? '',
  city: d.city ?? '',
  state: d.state,
  zipCode: d.zipCode ?? '',
  paysByCheck: d.paysByCheck,
  paysByAch: d.paysByAch,
  // Write-only: the stored numbers are kept unless new ones are typed.
  routingNumber: '',
  accountNumber: '',
  proposalChannel: d.proposalChannel,
  proposalEmail: d.proposalEmail ?? '',
  responseDays: d.responseDays == null ? '' : String(d.responseDays),
  concessionsAfterPayments: d.concessionsAfterPayments == null ? '' : String(d.concessionsAfterPayments),
  reason: '',
});

function DetailsForm({
  creditorId,
  details,
  onDone,
}: {
  creditorId: string;
  details: CreditorDetailsView;
  onDone: (changed: boolean | undefined) => void;
}) {
  const headingId = useId();
  const form = useZodForm(detailsFormSchema, formValuesOf(details));
  const achChecked = useWatch({ control: form.control, name: 'paysByAch' });
  const channel = useWatch({ control: form.control, name: 'proposalChannel' });
  const action = useStaffAction(
    (body: CreditorDetailsInput, idempotencyKey?: string) =>
      updateCreditorDetails(creditorId, body, idempotencyKey),
    form,
    FIELD_ORDER,
  );
  const onSubmit = form.handleSubmit(async (body) => {
    const saved = await action.run(body);
    if (saved) onDone(saved.changed);
  });
  const keep = (last4: string | null) => (last4 ? `Leave empty to keep •••• ${last4}` : undefined);
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm"
      >
        <h3 id={headingId} className="text-base font-semibold text-gray-900">
          {EDIT_DETAILS}
        </h3>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-gray-800">Remittance address</legend>
          <TextField
            name="addressLine1"
            label={L.addressLine1}
            autoComplete="off"
            className="sm:col-span-2"
          />
          <TextField
            name="addressLine2"
            label={L.addressLine2}
            autoComplete="off"
            className="sm:col-span-2"
          />
          <TextField name="city" label={L.city} autoComplete="off" />
          <SelectField
            name="state"
            label={L.state}
            placeholder="Choose a state"
            options={US_STATES.map((s) => ({ value: s.code, label: s.name }))}
          />
          <TextField
            name="zipCode"
            label={L.zipCode}
            inputMode="numeric"
            maxLength={LIMITS.zip}
            autoComplete="off"
          />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-gray-800">Payment methods</legend>
          <CheckboxField name="paysByCheck" label="Check, mailed to the remittance address" />
          <CheckboxField name="paysByAch" label="ACH, to the creditor's bank account" />
          {achChecked && (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                name="routingNumber"
                label={L.routingNumber}
                hint={keep(details.routingNumberLast4)}
                inputMode="numeric"
                maxLength={LIMITS.routingNumber}
                autoComplete="off"
              />
              <TextField
                name="accountNumber"
                label={L.accountNumber}
                hint={keep(details.accountNumberLast4)}
                inputMode="numeric"
                maxLength={LIMITS.creditorAccountNumber}
                autoComplete="off"
              />
            </div>
          )}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            name="proposalChannel"
            label={L.proposalChannel}
            placeholder="Not known yet"
            options={PROPOSAL_CHANNELS.map((value) => ({ value, label: PROPOSAL_CHANNEL_LABELS[value] }))}
          />
          {channel === 'email' && (
            <TextField name="proposalEmail" label={L.proposalEmail} inputMode="email" autoComplete="off" />
          )}
          <TextField name="responseDays" label={L.responseDays} inputMode="numeric" autoComplete="off" />
          <TextField
            name="concessionsAfterPayments"
            label={L.concessionsAfterPayments}
            hint="Empty when the concessions apply from the first payment"
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <TextAreaField name="reason" label={L.reason} limit={LIMITS.memo} />
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={action.busy} className="sm:w-auto">
            {SAVE_DETAILS}
          </SubmitButton>
          <button
            type="button"
            onClick={() => onDone(undefined)}
            className="rounded-md border border-gray-300 px-4 py-2 font-medium text-gray-800 hover:bg-gray-50"
          >
            Cancel
          </button>
        </div>
        <ActionAlert message={action.error} />
      </form>
    </FormProvider>
  );
}

function DetailsHistory({ history }: { history: readonly CreditorDetailsChangeView[] }) {
  return (
    <section aria-labelledby="details-history-heading">
      <h3 id="details-history-heading" className="text-base font-semibold text-gray-900">
        {DETAILS_HISTORY_TITLE}
      </h3>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">{NO_DETAILS_HISTORY}</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Every change of the details, newest first</caption>
            <thead className="bg-gray-50 text-gray-700">
              <tr>
                {['When', 'Made by', 'Why', 'Before → after'].map((name) => (
                  <th key={name} scope="col" className="px-4 py-3 font-semibold">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {history.map((change) => {
                const differences = detailDifferences(change.before, change.after);
                return (
                  <tr key={change.id} className="align-top">
                    <td className="px-4 py-3">{momentOf(change.createdAt)}</td>
                    <td className="px-4 py-3">{change.changedBy}</td>
                    <td className="max-w-xs px-4 py-3 break-words">{change.reason}</td>
                    <td className="px-4 py-3">
                      {differences.length === 0 ? (
                        NUMBERS_REPLACED
                      ) : (
                        <ul className="space-y-1">
                          {differences.map((d) => (
                            <li key={d.label}>
                              <span className="font-medium">{d.label}:</span> {d.before} → {d.after}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The details, the form to change them (creditor relations staff), and their history. */
export function CreditorDetailsSection({
  creditorId,
  details,
  history,
  canEdit,
  onSaved,
}: {
  creditorId: string;
  details: CreditorDetailsView;
  history: readonly CreditorDetailsChangeView[];
  canEdit: boolean;
  onSaved: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string>();
  return (
    <section
      aria-labelledby="details-heading"
      className="space-y-4 rounded-2xl border border-gray-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="details-heading" className="text-lg font-semibold text-gray-900">
          {DETAILS_TITLE}
        </h2>
        {canEdit && !editing && (
          <button
            type="button"
            onClick={() => {
              setStatus(undefined);
              setEditing(true);
            }}
            className="rounded-md border border-brand-600 px-4 py-2 font-medium text-brand-700 hover:bg-brand-50"
          >
            {EDIT_DETAILS}
          </button>
        )}
      </div>
      <dl className={SHOW_LIST_CLASS}>
        {[
          ['Remittance address', addressOf(details)],
          ['Payment methods', methodsOf(details)],
          ['Proposals by', channelOf(details)],
          ['Usual response time', details.responseDays == null ? '—' : `${details.responseDays} days`],
          ['Concessions', concessionsOf(details)],
        ].map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm text-gray-600">{term}</dt>
            <dd className="font-medium whitespace-pre-line text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <StatusBanner message={status} />
      {editing && (
        <DetailsForm
          creditorId={creditorId}
          details={details}
          onDone={(changed) => {
            setEditing(false);
            if (changed === undefined) return;
            setStatus(changed ? DETAILS_SAVED : DETAILS_UNCHANGED);
            onSaved();
          }}
        />
      )}
      <DetailsHistory history={history} />
    </section>
  );
}
