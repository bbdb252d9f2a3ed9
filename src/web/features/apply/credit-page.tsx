import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useFormContext, useWatch } from 'react-hook-form';
import {
  defineMessages,
  FormattedMessage,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import { Link } from 'react-router';
import { z } from 'zod';
import { agencyToday } from '#domain/calendar';
import { SITE } from '#domain/site';
import { isUnderContractAge, type UnderAgePerson } from '#domain/underwriting/contract-age';
import type { OutcomeText } from '#domain/underwriting/outcomes';
import { ROUTES } from '#domain/flow/routes';
import { creditConsentSchema, type CreditConsent } from '#domain/validation/application';
import { LABELS } from '#domain/i18n/validation-messages';
import { issueParams } from '#domain/validation/issue-messages';
import { MESSAGE_REFS, requiredRef } from '#domain/validation/messages';
import {
  isSpouseFullName,
  sendSpouseConsentLinkSchema,
  type SpouseConsentStatusView,
} from '#domain/validation/spouse-consent';
import { SPOUSE_CONSENT_TEXTS } from '#domain/validation/spouse-consent-texts';
import { EmailField } from '#web/components/ui/form/email-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SECONDARY_BUTTON_CLASS } from '#web/components/ui/form/styles';
import { TextField } from '#web/components/ui/form/text-field';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { ErrorModal } from '#web/components/ui/error-modal';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { LoadFailure } from '#web/components/ui/load-failure';
import { sendSpouseConsentLink, spouseConsentKeys, spouseConsentStatusQuery } from './spouse-consent-api';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ApplyPage } from './apply-page';
import type { ApplicationView } from './application-query';
import { prefetchEligibleDebts, saveCredit } from './api';
import { ApplyPageGate, SAVE_MESSAGES, useSavePage } from './save-page';

const TYPED = defineMessages({
  title: { id: 'apply.credit.title', defaultMessage: "Let's verify your debts" },
  verifying: { id: 'apply.credit.verifying', defaultMessage: 'Verifying your debts...' },
  // The domain's CREDIT_CONSENT_LABELS, word for word.
  consentBorrower: {
    id: 'apply.credit.consent.borrower',
    defaultMessage:
      'I authorize Clearpath Debt Relief to obtain my credit report (a soft inquiry that does not affect my credit score) to verify my debts.',
  },
  whatYouCanDo: { id: 'apply.credit.underAge.whatYouCanDo', defaultMessage: 'What you can do' },
  loading: { id: 'apply.credit.spouse.loading', defaultMessage: 'Loading...' },
  spouseHeading: { id: 'apply.credit.spouse.heading', defaultMessage: 'Your spouse’s consent' },
  spouseOwnConsent: {
    id: 'apply.credit.spouse.ownConsent',
    defaultMessage:
      'We check {name}’s credit report only with their own consent: {name} ticks the authorization and types their full name themselves.',
  },
  spouseHow: { id: 'apply.credit.spouse.how', defaultMessage: 'How will {name} give their consent?' },
  spouseHere: { id: 'apply.credit.spouse.here', defaultMessage: '{name} is here with me' },
  spouseByEmail: { id: 'apply.credit.spouse.byEmail', defaultMessage: 'Email {name} a link' },
  spouseHandOver: {
    id: 'apply.credit.spouse.handOver',
    defaultMessage: 'Please hand the screen to {name}: they tick the box below and type their full name.',
  },
  spouseFullName: {
    id: 'apply.credit.spouse.fullName',
    defaultMessage: 'Spouse’s full name, typed by the spouse',
  },
  spouseFullNameHint: {
    id: 'apply.credit.spouse.fullNameHint',
    defaultMessage: 'First and last name, as given on the household page.',
  },
  spouseGiven: {
    id: 'apply.credit.spouse.given',
    defaultMessage: '{name} gave their consent on {date}. Their credit report is checked with yours.',
  },
  spouseEmail: { id: 'apply.credit.spouse.email', defaultMessage: 'Spouse’s email address' },
  send: { id: 'apply.credit.spouse.send', defaultMessage: 'Email the link' },
  sendAgain: { id: 'apply.credit.spouse.sendAgain', defaultMessage: 'Send the link again' },
  checkAgain: { id: 'apply.credit.spouse.checkAgain', defaultMessage: 'Check again' },
  sendFailed: {
    id: 'apply.credit.spouse.sendFailed',
    defaultMessage: 'The link could not be sent. Please try again.',
  },
  awaited: { id: 'apply.credit.spouse.awaited', defaultMessage: 'Your spouse’s consent is awaited' },
  sentOn: {
    id: 'apply.credit.spouse.sentOn',
    defaultMessage: 'We emailed a link to {email} on {date}. It works until {expires}.',
  },
  sentNow: {
    id: 'apply.credit.spouse.sentNow',
    defaultMessage: 'We have just emailed a link to {email}. It works until {expires}.',
  },
  waitNote: {
    id: 'apply.credit.spouse.waitNote',
    defaultMessage:
      'Your application waits here until your spouse gives their consent: come back then to continue. To apply on your own instead, answer No to ‘Are you applying with a spouse?’ on the <link>household page</link>.',
  },
});
// Messages with values, used as plain descriptors (the i18n check compares their placeholders).
const M = TYPED as { [K in keyof typeof TYPED]: MessageDescriptor };
export const VERIFYING_TEXT = String(M.verifying.defaultMessage);

const FIELD_ORDER = ['consentedToCreditPolicy', 'spouseConsentedToCreditPolicy', 'spouseFullName'] as const;

/**
 * Where the spouse's own consent stands on the form: given already, given now at this screen, awaited from a
 * link emailed to them; 'none' without a spouse.
 */
type SpouseStep = 'none' | 'given' | 'atScreen' | 'emailedLink';

/** /credit: consent to the soft credit inquiry, then the pull. */
export function Component() {
  const title = useIntl().formatMessage(M.title);
  return (
    <ApplyPageGate page="Credit" title={title}>
      {(application) => (
        <ApplyPage page="Credit" title={title}>
          <CreditForm application={application} />
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

/** Who on the application is under 18 today in the agency's calendar, by the dates of birth on /household. */
function underAgePerson(application: ApplicationView): UnderAgePerson | null {
  const today = agencyToday();
  if (isUnderContractAge(application.borrower.dateOfBirth, today)) return 'borrower';
  if (application.spouse && isUnderContractAge(application.spouse.dateOfBirth, today)) return 'spouse';
  return null;
}

function CreditForm({ application }: { application: ApplicationView }) {
  // Known from the household answers already, so a minor is not asked to consent to a pull that cannot
  // happen; the server's refusal (422) shows the same explanation, for a date that changed meanwhile.
  const [underAge, setUnderAge] = useState<UnderAgePerson | null>(() => underAgePerson(application));
  if (underAge) return <UnderContractAgeNotice person={underAge} />;
  if (application.household.hasSpouse === true && application.spouse) {
    return <WithSpouse application={application} onUnderAge={setUnderAge} />;
  }
  return <ConsentForm application={application} spouse={null} onUnderAge={setUnderAge} />;
}

/** With a spouse: where the spouse's own consent stands decides what the form asks. */
function WithSpouse({
  application,
  onUnderAge,
}: {
  application: ApplicationView;
  onUnderAge: (person: UnderAgePerson) => void;
}) {
  const intl = useIntl();
  const status = useQuery(spouseConsentStatusQuery());
  if (status.isPending) return <LoadingScreen text={intl.formatMessage(M.loading)} />;
  if (status.isError) return <LoadFailure error={status.error} onRetry={() => void status.refetch()} />;
  return (
    <ConsentForm
      application={application}
      spouse={{ status: status.data, refresh: () => void status.refetch() }}
      onUnderAge={onUnderAge}
    />
  );
}

function ConsentForm({
  application,
  spouse,
  onUnderAge,
}: {
  application: ApplicationView;
  spouse: { status: SpouseConsentStatusView; refresh: () => void } | null;
  onUnderAge: (person: UnderAgePerson) => void;
}) {
  const intl = useIntl();
  const hasSpouse = spouse !== null;
  const given = spouse?.status.status === 'given';
  // Where the spouse's consent stands, held by the form so that its rules can read it: 'atScreen' asks the
  // spouse's own tick and typed name here; 'emailedLink' waits for the link; 'given' and 'none' (no spouse)
  // send the applicant's consent alone.
  const initialStep: SpouseStep = !hasSpouse
    ? 'none'
    : given
      ? 'given'
      : spouse.status.status === 'awaiting'
        ? 'emailedLink'
        : 'atScreen';
  const schema = useMemo(
    () =>
      // The name's format is the server's to check (nameField); here, whether it is there and the spouse's.
      creditConsentSchema
        .extend({
          spouseConsentedToCreditPolicy: z.boolean().optional(),
          spouseFullName: z.string().optional(),
          spouseStep: z.enum(['none', 'given', 'atScreen', 'emailedLink']),
        })
        .superRefine((values, ctx) => {
          if (values.spouseStep !== 'atScreen') return;
          if (values.spouseConsentedToCreditPolicy !== true) {
            ctx.addIssue({
              code: 'custom',
              path: ['spouseConsentedToCreditPolicy'],
              ...issueParams(MESSAGE_REFS.creditConsentRequired),
            });
          }
          if (!values.spouseFullName?.trim()) {
            ctx.addIssue({
              code: 'custom',
              path: ['spouseFullName'],
              ...issueParams(requiredRef(LABELS.spouseFullName)),
            });
          } else if (application.spouse && !isSpouseFullName(values.spouseFullName, application.spouse)) {
            ctx.addIssue({
              code: 'custom',
              path: ['spouseFullName'],
              ...issueParams(MESSAGE_REFS.spouseConsentNameMismatch),
            });
          }
        }),
    [application.spouse],
  );
  const form = useZodForm(schema, {
    consentedToCreditPolicy: application.borrower.consentedToCreditPolicy ?? false,
    spouseConsentedToCreditPolicy: false,
    spouseFullName: '',
    spouseStep: initialStep,
  });
  // The spouse consented from their link meanwhile ("Check again").
  useEffect(() => {
    if (given) form.setValue('spouseStep', 'given');
  }, [given, form]);
  const step = useWatch({ control: form.control, name: 'spouseStep' });
  const queryClient = useQueryClient();
  const { save, busy, errorModal } = useSavePage(saveCredit, {
    form,
    fieldOrder: FIELD_ORDER,
    // The pull usually leads to the debts. On a slow phone their page's script, the application read again
    // and the list each took seconds, one after another; now the script loads during the pull, and the list
    // is asked for as soon as the pull answers, beside the application's read.
    prepareNext: {
      script: () => import('./eligible-debts-page'),
      read: (answer) =>
        answer.next === ROUTES.EligibleDebts ? prefetchEligibleDebts(queryClient) : undefined,
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.code === 'UnderContractAge')) return false;
      onUnderAge(error.fieldErrors['spouse.dateOfBirth'] ? 'spouse' : 'borrower');
      return true;
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const body: CreditConsent =
      values.spouseStep === 'atScreen'
        ? {
            consentedToCreditPolicy: values.consentedToCreditPolicy,
            spouseConsentedToCreditPolicy: values.spouseConsentedToCreditPolicy,
            spouseFullName: values.spouseFullName,
          }
        : { consentedToCreditPolicy: values.consentedToCreditPolicy };
    await save(body);
  });
  // Waiting for the spouse's consent from their link: nothing can be checked yet (decision 0170).
  const waiting = step === 'emailedLink';

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{intl.formatMessage(M.title)}</h1>
        <div className="space-y-3 text-gray-700">
          <p>
            <FormattedMessage
              id="apply.credit.why"
              defaultMessage="To find the debts a Debt Management Plan can help with, we need to look at your credit report{spouse, select, yes { and your spouse’s} other {}}."
              values={{ spouse: hasSpouse ? 'yes' : 'no' }}
            />
          </p>
          <p>
            <FormattedMessage
              id="apply.credit.softInquiry"
              defaultMessage="This is a <strong>soft inquiry</strong>: it does not affect your credit score{spouse, select, yes { or your spouse’s} other {}}."
              values={{
                spouse: hasSpouse ? 'yes' : 'no',
                strong: (chunks) => <strong className="font-semibold text-gray-900">{chunks}</strong>,
              }}
            />
          </p>
        </div>
        <div className="space-y-4 rounded-lg bg-gray-50 p-4">
          <CheckboxField name="consentedToCreditPolicy" label={intl.formatMessage(M.consentBorrower)} />
        </div>
        {spouse && <SpouseConsentSection application={application} status={spouse.status} step={step} />}
        {!waiting && <SubmitButton busy={busy}>{intl.formatMessage(SAVE_MESSAGES.continue)}</SubmitButton>}
      </form>
      {/* A form of its own, after the consent's: the link is sent without sending the consent. */}
      {waiting && spouse && <SpouseLink status={spouse.status} onRefresh={spouse.refresh} />}
      <BusyOverlay show={busy} text={intl.formatMessage(M.verifying)} />
      {errorModal}
    </FormProvider>
  );
}

/**
 * The spouse's own consent: already given (when and how), or given now by the spouse at this screen (their
 * tick and their typed name), or from a link emailed to them, which the applicant can send again.
 */
function SpouseConsentSection({
  application,
  status,
  step,
}: {
  application: ApplicationView;
  status: SpouseConsentStatusView;
  step: SpouseStep;
}) {
  const intl = useIntl();
  const { register } = useFormContext<{ spouseStep: SpouseStep }>();
  const spouseName = application.spouse?.firstName ?? '';
  if (status.given) {
    return (
      <section
        aria-labelledby="spouse-consent"
        className="space-y-2 rounded-lg border border-green-300 bg-green-50 p-4"
      >
        <h2 id="spouse-consent" className="text-lg font-semibold text-gray-900">
          {intl.formatMessage(M.spouseHeading)}
        </h2>
        <p role="status" className="text-gray-900">
          {intl.formatMessage(M.spouseGiven, {
            name: spouseName,
            date: intl.formatDate(status.given.consentedAt, { dateStyle: 'long' }),
          })}
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="spouse-consent" className="space-y-4 rounded-lg border border-gray-200 p-4">
      <h2 id="spouse-consent" className="text-lg font-semibold text-gray-900">
        {intl.formatMessage(M.spouseHeading)}
      </h2>
      <p className="text-gray-700">{intl.formatMessage(M.spouseOwnConsent, { name: spouseName })}</p>
      <fieldset className="space-y-2">
        <legend className="font-medium text-gray-900">
          {intl.formatMessage(M.spouseHow, { name: spouseName })}
        </legend>
        {(['atScreen', 'emailedLink'] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-3">
            <input
              {...register('spouseStep')}
              type="radio"
              value={value}
              className="h-5 w-5 accent-brand-700"
            />
            <span className="text-gray-900">
              {intl.formatMessage(value === 'atScreen' ? M.spouseHere : M.spouseByEmail, {
                name: spouseName,
              })}
            </span>
          </label>
        ))}
      </fieldset>
      {step === 'atScreen' && (
        <div className="space-y-4 rounded-lg bg-gray-50 p-4">
          <p className="text-gray-700">{intl.formatMessage(M.spouseHandOver, { name: spouseName })}</p>
          <CheckboxField
            name="spouseConsentedToCreditPolicy"
            label={intl.formatMessage(SPOUSE_CONSENT_TEXTS.atScreen)}
          />
          <TextField
            name="spouseFullName"
            label={intl.formatMessage(M.spouseFullName)}
            hint={intl.formatMessage(M.spouseFullNameHint)}
            autoComplete="off"
            maxLength={100}
          />
        </div>
      )}
    </section>
  );
}

/** The link emailed to the spouse: sent, awaited, sent again; the page waits for the spouse's consent. */
function SpouseLink({ status, onRefresh }: { status: SpouseConsentStatusView; onRefresh: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const schema = sendSpouseConsentLinkSchema;
  const form = useZodForm(schema, { email: status.link?.sentTo ?? status.spouseEmail ?? '' });
  const failure = useFailureModal();
  const send = useMutation({ mutationFn: (email: string) => sendSpouseConsentLink(email) });
  const [sentNow, setSentNow] = useState(false);
  const onSend = form.handleSubmit(async ({ email }) => {
    if (send.isPending) return;
    try {
      const view = await send.mutateAsync(email);
      queryClient.setQueryData(spouseConsentKeys.status(), view);
      setSentNow(true);
    } catch (error) {
      if (applyServerFieldErrors(form, error, ['email'])) return;
      failure.show(
        error instanceof ApiError && (error.status === 429 || error.code === 'NetworkError')
          ? apiErrorText(intl, error)
          : intl.formatMessage(M.sendFailed),
      );
    }
  });
  return (
    <div className="space-y-4 rounded-lg bg-gray-50 p-4">
      {status.link && (
        <div
          role="status"
          className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-gray-900"
        >
          <p className="font-semibold">{intl.formatMessage(M.awaited)}</p>
          <p className="break-words">
            {intl.formatMessage(sentNow ? M.sentNow : M.sentOn, {
              email: status.link.sentTo,
              date: intl.formatDate(status.link.sentAt, { dateStyle: 'long' }),
              expires: intl.formatDate(status.link.expiresAt, { dateStyle: 'long' }),
            })}
          </p>
        </div>
      )}
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSend(event)} className="space-y-3">
          <EmailField name="email" label={intl.formatMessage(M.spouseEmail)} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" className={SECONDARY} aria-disabled={send.isPending}>
              {intl.formatMessage(status.link ? M.sendAgain : M.send)}
            </button>
            {status.link && (
              <button type="button" onClick={onRefresh} className={SECONDARY}>
                {intl.formatMessage(M.checkAgain)}
              </button>
            )}
          </div>
        </form>
      </FormProvider>
      <p className="text-sm text-gray-700">
        <FormattedMessage
          {...M.waitNote}
          values={{
            link: (chunks) => (
              <Link
                to={ROUTES.Household}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
      <ErrorModal {...failure.props} />
    </div>
  );
}

const SECONDARY = `${SECONDARY_BUTTON_CLASS} sm:w-auto`;

/**
 * Instead of the consent: why the application stops here (a plan is a contract, which a person under 18
 * cannot sign) and what they can do. The heading takes the focus so a screen reader reads it out.
 */
function UnderContractAgeNotice({ person }: { person: UnderAgePerson }) {
  const intl = useIntl();
  const text = underContractAgeText(intl, person);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{intl.formatMessage(M.title)}</h1>
      <section aria-labelledby="under-contract-age" className="space-y-4">
        <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-4">
          <h2
            id="under-contract-age"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-gray-900 focus:outline-none"
          >
            {text.title}
          </h2>
          <p className="mt-2 text-gray-800">{text.why}</p>
        </div>
        <h3 className="text-lg font-semibold text-gray-900">{intl.formatMessage(M.whatYouCanDo)}</h3>
        <ul className="space-y-3">
          {text.nextSteps.map((step) => (
            <li key={step.title} className="rounded-lg border border-gray-200 px-4 py-3">
              <p className="font-semibold text-gray-900">{step.title}</p>
              <p className="mt-1 text-gray-700">{step.text}</p>
              {step.link ? (
                <p className="mt-2">
                  {step.link.href.startsWith('/') ? (
                    <Link to={step.link.href} className={LINK_CLASS}>
                      {step.link.label}
                    </Link>
                  ) : (
                    <a href={step.link.href} className={LINK_CLASS}>
                      {step.link.label}
                    </a>
                  )}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const LINK_CLASS =
  'inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * The domain's UNDER_CONTRACT_AGE_TEXTS (src/domain/underwriting/contract-age.ts), word for word, in the
 * page's language: what the credit page says instead of pulling credit, for the borrower or the spouse.
 */
export function underContractAgeText(intl: IntlShape, person: UnderAgePerson): OutcomeText {
  const phone = SITE.phone.display;
  const fixDate = {
    title: intl.formatMessage({
      id: 'apply.credit.underAge.fixDate.title',
      defaultMessage: 'If the date of birth is wrong',
    }),
    text: intl.formatMessage({
      id: 'apply.credit.underAge.fixDate.text',
      defaultMessage:
        'Correct it on the household page, then come back here: your application is still open.',
    }),
    link: {
      label: intl.formatMessage({
        id: 'apply.credit.underAge.fixDate.link',
        defaultMessage: 'Correct the date of birth',
      }),
      href: '/household',
    },
  };
  const counselling = {
    title: intl.formatMessage({
      id: 'apply.credit.underAge.counselling.title',
      defaultMessage: 'Talk to a counsellor, free',
    }),
    text: intl.formatMessage(
      {
        id: 'apply.credit.underAge.counselling.text',
        defaultMessage:
          'Call us at {phone}, {hours}. A certified credit counsellor will talk your situation through with you, free of charge, whatever your age.',
      },
      // The office hours (SITE.hours), written out in the page's language, as the footer does.
      {
        phone,
        hours: intl.formatMessage({ id: 'footer.hours', defaultMessage: 'Monday - Friday 9AM - 5PM EST' }),
      },
    ),
    link: {
      label: intl.formatMessage(
        { id: 'apply.credit.underAge.counselling.link', defaultMessage: 'Call {phone}' },
        { phone },
      ),
      href: `tel:${SITE.phone.tel}`,
    },
  };
  if (person === 'borrower') {
    return {
      title: intl.formatMessage({
        id: 'apply.credit.underAge.borrower.title',
        defaultMessage: 'You need to be 18 to start a plan',
      }),
      why: intl.formatMessage({
        id: 'apply.credit.underAge.borrower.why',
        defaultMessage:
          'A Debt Management Plan is a contract: you sign it and promise a monthly payment. A person under 18 cannot sign a contract, and the date of birth you gave makes you younger than 18. We have stopped here, before checking your credit.',
      }),
      nextSteps: [
        fixDate,
        {
          title: intl.formatMessage({
            id: 'apply.credit.underAge.borrower.guardian.title',
            defaultMessage: 'A parent or guardian can apply',
          }),
          text: intl.formatMessage({
            id: 'apply.credit.underAge.borrower.guardian.text',
            defaultMessage:
              'If the debts are in a parent’s or guardian’s name, they can apply for a plan for their own debts.',
          }),
        },
        counselling,
      ],
    };
  }
  return {
    title: intl.formatMessage({
      id: 'apply.credit.underAge.spouse.title',
      defaultMessage: 'Your spouse needs to be 18 to sign the plan',
    }),
    why: intl.formatMessage({
      id: 'apply.credit.underAge.spouse.why',
      defaultMessage:
        'A Debt Management Plan is a contract that you and your spouse both sign. A person under 18 cannot sign a contract, and the date of birth given for your spouse makes them younger than 18. We have stopped here, before checking anyone’s credit.',
    }),
    nextSteps: [
      fixDate,
      {
        title: intl.formatMessage({
          id: 'apply.credit.underAge.spouse.alone.title',
          defaultMessage: 'Apply on your own',
        }),
        text: intl.formatMessage({
          id: 'apply.credit.underAge.spouse.alone.text',
          defaultMessage:
            'You can apply for your own debts without your spouse: answer No to ‘Are you applying with a spouse?’ on the household page.',
        }),
        link: {
          label: intl.formatMessage({
            id: 'apply.credit.underAge.spouse.alone.link',
            defaultMessage: 'Change the household answers',
          }),
          href: '/household',
        },
      },
      counselling,
    ],
  };
}
