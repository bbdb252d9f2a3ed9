import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import {
  defineMessages,
  FormattedMessage,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import { formatUsd } from '#domain/enrollment/letter-of-authorization';
import { reauthorizeSchema, type PlanView } from '#domain/enrollment/views';
import { SITE } from '#domain/site';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';
import { ErrorModal } from '#web/components/ui/error-modal';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { customerPortalKeys, reauthorizePlan } from './api';
import { formatDay, formatMonth } from './dates';

// A higher amount drawn each month than the borrower authorized is not drawn until they confirm it: the new
// terms as the plan states them (every figure from the server's terms), one agreement, one button.

const MESSAGES: Record<'confirm' | 'failed', MessageDescriptor> = defineMessages({
  confirm: { id: 'portal.reauthorize.confirm', defaultMessage: 'Confirm the new amount' },
  failed: {
    id: 'portal.reauthorize.failed',
    defaultMessage: 'We could not record your confirmation. Please try again in a moment.',
  },
});
export const CONFIRM_BUTTON = String(MESSAGES.confirm.defaultMessage);

const agreementSchema = reauthorizeSchema.pick({ agreed: true });

/** 'I authorize Harbor Light Credit Counseling to draw $415.00 each month from my account ending 0000 from April 11, 2027.' */
export function reauthorizationAgreement(
  plan: Pick<PlanView, 'terms' | 'paymentAccount' | 'change'>,
  intl: IntlShape,
): string {
  const mask = plan.paymentAccount?.mask;
  const from = plan.change?.appliesFrom;
  return intl.formatMessage(
    {
      id: 'portal.reauthorize.agreement',
      defaultMessage:
        'I authorize {agency} to draw {amount} each month from {hasMask, select, yes {my account ending {mask}} other {my payment account}}{hasFrom, select, yes { from {date}} other {}}.',
    },
    {
      agency: SITE.agencyName,
      amount: formatUsd(plan.terms.monthlyDraft),
      hasMask: mask ? 'yes' : 'no',
      mask: mask ?? '',
      hasFrom: from ? 'yes' : 'no',
      date: from ? formatDay(from, intl) : '',
    },
  );
}

export function ReauthorizationStep({ plan }: { plan: PlanView }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const form = useZodForm(agreementSchema, {});
  const failure = useFailureModal();
  const [refused, setRefused] = useState<string>();
  const confirm = useMutation({
    mutationFn: () => reauthorizePlan({ monthlyDraft: plan.terms.monthlyDraft, agreed: true }),
  });
  const { terms, change } = plan;
  const onPlan = plan.creditors.filter((c) => c.payDirectly === null && c.status !== 'leftOut');

  const onSubmit = form.handleSubmit(async () => {
    if (confirm.isPending) return;
    setRefused(undefined);
    try {
      queryClient.setQueryData(customerPortalKeys.plan(), await confirm.mutateAsync());
    } catch (error) {
      if (applyServerFieldErrors(form, error, ['agreed'])) return;
      if (error instanceof ApiError && error.status === 409) {
        // The terms moved on since the page was read: show the borrower the new ones before they agree.
        setRefused(apiErrorText(intl, error));
        await queryClient.invalidateQueries({ queryKey: customerPortalKeys.plan() });
      } else
        failure.show(
          error instanceof ApiError && error.code === 'NetworkError'
            ? apiErrorText(intl, error)
            : intl.formatMessage(MESSAGES.failed),
        );
    }
  });

  if (!change) return null;
  return (
    <section
      aria-labelledby="plan-reauthorize"
      className="mt-4 rounded-xl border border-brand-300 bg-white p-4 sm:p-5"
    >
      <h3 id="plan-reauthorize" className="text-lg font-semibold text-gray-900">
        <FormattedMessage id="portal.reauthorize.title" defaultMessage="Confirm your new plan payment" />
      </h3>
      <p className="mt-2 text-gray-800">
        <FormattedMessage
          id="portal.reauthorize.intro"
          defaultMessage="Until you confirm, we keep drawing {amount} each month, the amount you authorized. The new terms:"
          values={{ amount: formatUsd(change.authorizedMonthlyDraft) }}
        />
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-gray-600">
            <FormattedMessage id="portal.reauthorize.drawn" defaultMessage="Amount drawn each month" />
          </dt>
          <dd className="text-lg font-bold text-gray-900 tabular-nums">{formatUsd(terms.monthlyDraft)}</dd>
        </div>
        <div>
          <dt className="text-gray-600">
            <FormattedMessage id="portal.reauthorize.from" defaultMessage="From the draft on" />
          </dt>
          <dd className="text-lg font-bold text-gray-900">
            {change.appliesFrom ? (
              formatDay(change.appliesFrom, intl)
            ) : (
              <FormattedMessage id="portal.reauthorize.toBeSet" defaultMessage="To be set" />
            )}
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">
            <FormattedMessage id="portal.reauthorize.term" defaultMessage="Term" />
          </dt>
          <dd className="text-lg font-bold text-gray-900">
            <FormattedMessage
              id="portal.reauthorize.termMonths"
              defaultMessage="{count, plural, one {# month} other {# months}}"
              values={{ count: terms.termInMonths }}
            />
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">
            <FormattedMessage id="portal.reauthorize.debtFree" defaultMessage="Projected debt-free date" />
          </dt>
          <dd className="text-lg font-bold text-gray-900">
            {terms.lastDraftDate ? (
              formatMonth(terms.lastDraftDate, intl)
            ) : (
              <FormattedMessage id="portal.reauthorize.toBeSet" defaultMessage="To be set" />
            )}
          </dd>
        </div>
      </dl>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">
          <FormattedMessage
            id="portal.reauthorize.caption"
            defaultMessage="What each draft pays under the new terms"
          />
        </caption>
        <thead className="border-b border-gray-300 text-xs text-gray-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              <FormattedMessage id="portal.reauthorize.paidTo" defaultMessage="Paid to" />
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              <FormattedMessage id="portal.reauthorize.eachMonth" defaultMessage="Each month" />
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {onPlan.map((c) => (
            <tr key={c.id} className="border-b border-gray-200">
              <th scope="row" className="py-2 pr-3 font-medium break-words text-gray-900">
                {c.creditorName}
              </th>
              <td className="py-2 pl-3 text-right">{formatUsd(c.newMonthlyPayment)}</td>
            </tr>
          ))}
          {terms.monthlyFee > 0 && (
            <tr className="border-b border-gray-200">
              <th scope="row" className="py-2 pr-3 font-medium text-gray-900">
                <FormattedMessage
                  id="portal.reauthorize.fee"
                  defaultMessage="{agency}'s monthly fee"
                  values={{ agency: SITE.agencyName }}
                />
              </th>
              <td className="py-2 pl-3 text-right">{formatUsd(terms.monthlyFee)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
          <CheckboxField name="agreed" label={reauthorizationAgreement(plan, intl)} />
          {refused && (
            <p role="alert" className="text-sm text-red-700">
              {refused}
            </p>
          )}
          <SubmitButton busy={confirm.isPending} className="sm:w-auto">
            {intl.formatMessage(MESSAGES.confirm)}
          </SubmitButton>
        </form>
      </FormProvider>
      <ErrorModal {...failure.props} />
    </section>
  );
}

/** After the borrower confirmed: what they confirmed and from which draft. */
export function reauthorizedText(
  reauthorization: NonNullable<PlanView['reauthorization']>,
  intl: IntlShape,
): string {
  const from = reauthorization.appliesFrom;
  return intl.formatMessage(
    {
      id: 'portal.reauthorize.confirmed',
      defaultMessage:
        'You confirmed the new amount: {amount} each month{hasFrom, select, yes {, drawn from your draft on {date}} other {}}.',
    },
    {
      amount: formatUsd(reauthorization.monthlyDraft),
      hasFrom: from ? 'yes' : 'no',
      date: from ? formatDay(from, intl) : '',
    },
  );
}
