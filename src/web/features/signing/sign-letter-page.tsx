import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import {
  defineMessages,
  FormattedMessage,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import { Link, useLocation } from 'react-router';
import {
  ELECTRONIC_RECORDS_AGREE_LABEL,
  ELECTRONIC_RECORDS_DISCLOSURES,
  electronicRecordsConsentSchema,
  OPEN_LETTER_FIRST,
  PAPER_CHOSEN,
} from '#domain/enrollment/electronic-records-consent';
import { signLetterSchema, type SigningView } from '#domain/enrollment/views';
import { SIGNING_LINK_LIFE_DAYS, SIGNING_LINK_MESSAGES } from '#domain/enrollment/signing-links';
import { isLanguage, type Language } from '#domain/i18n/language';
import { FIXED } from '#domain/i18n/validation-messages';
import { SITE } from '#domain/site';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';
import { messageText } from '#web/lib/message-text';
import { useLanguage } from '#web/lib/i18n';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { ErrorModal } from '#web/components/ui/error-modal';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { LoadFailure } from '#web/components/ui/load-failure';
import {
  choosePaper,
  consentToElectronicRecords,
  fetchLetterDocument,
  requestNewLink,
  signingKeys,
  signingSessionQuery,
  signLetter,
} from './api';

// /sign-letter#t=<token>: the page a signer opens from the email. The token sits in the URL fragment, which
// browsers never send, so it stays out of server and proxy logs; the page sends it only in POST bodies.

// The component tests read these URLs from here.
export { CONSENT_PATH, DOCUMENT_PATH, NEW_LINK_PATH, PAPER_PATH, SESSION_PATH, SIGN_PATH } from './api';
export { ELECTRONIC_RECORDS_AGREE_LABEL, OPEN_LETTER_FIRST, PAPER_CHOSEN, SIGNING_LINK_MESSAGES };
export const NEW_LINK_FAILED = 'The new link could not be sent. Please try again.';
export const TITLE = 'Sign your Letter of Authorization';
export const INVALID_LINK =
  'This signing link is not valid or has expired. Please use the newest email we sent you.';
export const ALREADY_SIGNED = 'You have already signed.';
export const LETTER_RENEWED_TITLE = 'A new letter is on its way';
export const AGREE_LABEL = 'I agree to sign this Letter of Authorization electronically';
export const OPEN_LETTER = 'Open the Letter of Authorization (PDF)';
export const LETTER_FAILED = 'The letter could not be opened. Please try again.';
export const SIGN_FAILED = 'Your signature could not be saved. Please try again.';
export const STEP_OPEN = 'Open and read the letter';
export const CONSENT_BUTTON = 'I agree to electronic records';
export const PAPER_BUTTON = 'I want paper documents instead';
export const CONSENTED =
  'Thank you: you agreed to receive records and sign electronically. You can sign below.';
export const SIGN_AFTER_CONSENT =
  'Once you have agreed to electronic records, you can type your name to sign here.';
export const CONSENT_FAILED = 'Your answer could not be saved. Please try again.';
export const SIGN_ELECTRONICALLY_AFTER_ALL = 'Sign electronically after all';
/** The saved letter's file name, in the letter's own language (a Spanish letter is a "carta de autorización"). */
export const LETTER_FILE_NAMES: Record<Language, string> = {
  en: 'letter-of-authorization.pdf',
  es: 'carta-de-autorizacion.pdf',
};

// The page's texts. The English of each is the text above or the domain's (the English tests compare them);
// the disclosures are the domain's English, given here with their placeholders so that they can be read in
// Spanish. The server's refusals are not here: they arrive with their id (the domain's SIGNING_MESSAGES).
const TYPED = defineMessages({
  title: { id: 'signing.title', defaultMessage: 'Sign your Letter of Authorization' },
  invalidTitle: { id: 'signing.invalid.title', defaultMessage: 'Signing link not valid' },
  invalid: {
    id: 'signing.invalid.text',
    defaultMessage: 'This signing link is not valid or has expired. Please use the newest email we sent you.',
  },
  alreadySignedQuestion: {
    id: 'signing.signInQuestion',
    defaultMessage: 'Already signed, or want to see your application?',
  },
  signIn: { id: 'signing.signIn', defaultMessage: 'Sign in' },
  expiredTitle: { id: 'signing.expired.title', defaultMessage: 'Signing link expired' },
  expired: { id: 'signing.expired.text', defaultMessage: 'This signing link has expired.' },
  sendNew: { id: 'signing.expired.sendNew', defaultMessage: 'Send me a new link' },
  sendNewHint: {
    id: 'signing.expired.sendNewHint',
    defaultMessage:
      'We will email a new link to the address we have for you. It works for {days, plural, one {# day} other {# days}}.',
  },
  sent: {
    id: 'signing.expired.sent',
    defaultMessage: 'We sent you a new link. Please open it from the newest email we sent you.',
  },
  newLinkFailed: {
    id: 'signing.expired.failed',
    defaultMessage: 'The new link could not be sent. Please try again.',
  },
  renewedTitle: { id: 'signing.renewed.title', defaultMessage: 'A new letter is on its way' },
  letter: { id: 'signing.signed.letter', defaultMessage: 'Letter of Authorization' },
  alreadySigned: { id: 'signing.signed.already', defaultMessage: 'You have already signed.' },
  signedTitle: { id: 'signing.signed.title', defaultMessage: 'Letter of Authorization signed' },
  thanks: {
    id: 'signing.signed.thanks',
    defaultMessage: 'Thank you, {name}. Your Letter of Authorization is signed.',
  },
  copyEmailed: {
    id: 'signing.signed.copyEmailed',
    defaultMessage: 'We emailed you a signed copy for your records.',
  },
  signingAs: { id: 'signing.form.signingAs', defaultMessage: 'Signing as <b>{name}</b>' },
  signingAsSpouse: {
    id: 'signing.form.signingAsSpouse',
    defaultMessage: 'Signing as <b>{name}</b> (spouse)',
  },
  intro: {
    id: 'signing.form.intro',
    defaultMessage:
      'The letter authorizes {agency} to work with your creditors on your Debt Management Plan. Please read it before you sign.',
  },
  stepOpen: { id: 'signing.form.stepOpen', defaultMessage: 'Open and read the letter' },
  englishGoverns: {
    id: 'signing.consent.englishGoverns',
    defaultMessage:
      'This translation is provided for your convenience. The English version of these disclosures governs: if the two differ, the English version applies.',
  },
  showEnglish: { id: 'signing.consent.showEnglish', defaultMessage: 'Read the English version' },
  hideEnglish: { id: 'signing.consent.hideEnglish', defaultMessage: 'Hide the English version' },
  consentHeading: {
    id: 'signing.consent.heading',
    defaultMessage: 'Your consent to electronic records and signatures',
  },
  consented: {
    id: 'signing.consent.done',
    defaultMessage: 'Thank you: you agreed to receive records and sign electronically. You can sign below.',
  },
  signAfterConsent: {
    id: 'signing.consent.signAfter',
    defaultMessage: 'Once you have agreed to electronic records, you can type your name to sign here.',
  },
  agreeConsent: {
    id: 'signing.consent.agree',
    defaultMessage:
      'I have read the disclosures above, I could open the letter, and I agree to receive records and sign electronically',
  },
  openFirst: {
    id: 'signing.consent.openFirst',
    defaultMessage: 'Open the letter first to check you can read it.',
  },
  consentButton: { id: 'signing.consent.submit', defaultMessage: 'I agree to electronic records' },
  paperButton: { id: 'signing.consent.paper', defaultMessage: 'I want paper documents instead' },
  consentFailed: {
    id: 'signing.consent.failed',
    defaultMessage: 'Your answer could not be saved. Please try again.',
  },
  paperHeading: { id: 'signing.paper.heading', defaultMessage: 'You chose paper documents' },
  paperText: {
    id: 'signing.paper.text',
    defaultMessage:
      '{agency} will mail you the Letter of Authorization to sign on paper. Sign it and mail it back in the envelope provided. Questions? Call {phone} ({hours}).',
  },
  call: { id: 'signing.paper.call', defaultMessage: 'Call {phone}' },
  signAfterAll: { id: 'signing.paper.signAfterAll', defaultMessage: 'Sign electronically after all' },
  signHeading: { id: 'signing.sign.heading', defaultMessage: 'Type your full name to sign' },
  fullName: { id: 'signing.sign.fullName', defaultMessage: 'Full name' },
  agree: {
    id: 'signing.sign.agree',
    defaultMessage: 'I agree to sign this Letter of Authorization electronically',
  },
  sign: { id: 'signing.sign.submit', defaultMessage: 'Sign' },
  signFailed: {
    id: 'signing.sign.failed',
    defaultMessage: 'Your signature could not be saved. Please try again.',
  },
  openLetter: { id: 'signing.letter.open', defaultMessage: 'Open the Letter of Authorization (PDF)' },
  letterFailed: {
    id: 'signing.letter.failed',
    defaultMessage: 'The letter could not be opened. Please try again.',
  },
  saved: { id: 'signing.letter.saved', defaultMessage: 'The letter was saved to your downloads.' },
  saveAgain: { id: 'signing.letter.saveAgain', defaultMessage: 'Save it again' },
  next: {
    id: 'signing.next',
    defaultMessage:
      'A credit counsellor reviews your application and gets in touch with you. <link>Sign in</link> to follow your application.',
  },
});

/** The electronic-records disclosures (the domain's, whose version each consent stores), title and text by key. */
const D_TYPED = defineMessages({
  scopeTitle: { id: 'signing.disclosure.scope.title', defaultMessage: 'What this consent covers' },
  scopeText: {
    id: 'signing.disclosure.scope.text',
    defaultMessage:
      'You agree to receive, read and sign this Letter of Authorization electronically, and to receive the notices about your Debt Management Plan from {agency} by email and online instead of on paper.',
  },
  paperTitle: { id: 'signing.disclosure.paper.title', defaultMessage: 'Your right to paper' },
  paperText: {
    id: 'signing.disclosure.paper.text',
    defaultMessage:
      'You may have any of these documents on paper. To ask for a paper copy, call {agency} at {phone} ({hours}) or email {email}. Paper copies are free: there is no fee.',
  },
  withdrawTitle: { id: 'signing.disclosure.withdraw.title', defaultMessage: 'Withdrawing your consent' },
  withdrawText: {
    id: 'signing.disclosure.withdraw.text',
    defaultMessage:
      'You may withdraw this consent at any time, free of charge: choose "I want paper documents instead" on this page before you sign, or call {phone} or email {email} afterwards. {agency} will then send your documents on paper by mail, which takes longer. Withdrawing does not undo anything you already signed electronically.',
  },
  systemsTitle: { id: 'signing.disclosure.systems.title', defaultMessage: 'What you need' },
  systemsText: {
    id: 'signing.disclosure.systems.text',
    defaultMessage:
      'A phone, tablet or computer with a current web browser, a PDF reader to open the letter, an email account to receive our notices, and the ability to download or print documents to keep them.',
  },
  emailTitle: {
    id: 'signing.disclosure.email.title',
    defaultMessage: 'Keeping your email address up to date',
  },
  emailText: {
    id: 'signing.disclosure.email.text',
    defaultMessage:
      "Update your email address in the customer portal's settings, or call {phone}. We send your documents and notices to the address on file.",
  },
});
// Untyped, so that the messages with placeholders take their values.
const M = TYPED as { [K in keyof typeof TYPED]: MessageDescriptor };
const D = D_TYPED as { [K in keyof typeof D_TYPED]: MessageDescriptor };

const DISCLOSURES: Record<
  (typeof ELECTRONIC_RECORDS_DISCLOSURES)[number]['key'],
  { title: MessageDescriptor; text: MessageDescriptor }
> = {
  scope: { title: D.scopeTitle, text: D.scopeText },
  paper: { title: D.paperTitle, text: D.paperText },
  withdraw: { title: D.withdrawTitle, text: D.withdrawText },
  systems: { title: D.systemsTitle, text: D.systemsText },
  email: { title: D.emailTitle, text: D.emailText },
};

/** The token of a `#t=<token>` fragment, if any. */
export function tokenFromHash(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('t') || undefined;
}

/** The agency's contact details the texts name. */
const contact = (intl: IntlShape) => ({
  agency: SITE.agencyName,
  phone: SITE.phone.display,
  email: SITE.email,
  hours: intl.formatMessage({ id: 'footer.hours', defaultMessage: 'Monday - Friday 9AM - 5PM EST' }),
});

/**
 * A refusal the page shows as it is, in the page's language: the first field's message when the answer names
 * fields (a field the form does not have, such as the disclosures' version), else the answer's own; each worded
 * by its id.
 */
function refusalText(intl: IntlShape, error: ApiError): string {
  const [field, message] = Object.entries(error.fieldErrors)[0] ?? [];
  return field && message
    ? messageText(intl, message, error.fieldMessages[field])
    : apiErrorText(intl, error);
}

const CONSENT_SCHEMA = electronicRecordsConsentSchema.pick({ agreed: true });
const SIGNATURE_SCHEMA = signLetterSchema.omit({ token: true });

const SECONDARY =
  'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50 aria-disabled:cursor-wait aria-disabled:opacity-70';
const LINK = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

function SigningFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}

// A space between two messages: a sign, not a word (the translation check looks for words in the JSX).
const SPACE = ' ';

const H1 = 'text-2xl font-bold text-gray-900 sm:text-3xl';
const H2 = 'text-lg font-semibold text-gray-900';

function SignInLine({ className }: { className: string }) {
  return (
    <p className={className}>
      <FormattedMessage {...M.alreadySignedQuestion} />
      {SPACE}
      <Link to="/sign-in" className={LINK}>
        <FormattedMessage {...M.signIn} />
      </Link>
    </p>
  );
}

function InvalidLink() {
  const intl = useIntl();
  const title = intl.formatMessage(M.invalidTitle);
  return (
    <SigningFrame title={title}>
      <h1 className={H1}>{title}</h1>
      <p role="alert" className="mt-3 text-gray-800">
        <FormattedMessage {...M.invalid} />
      </p>
      <SignInLine className="mt-6" />
    </SigningFrame>
  );
}

/** An answer saying the link's life is over (the server's 410 SigningLinkExpired). */
const isExpired = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'SigningLinkExpired';

/**
 * The link's life is over: says so plainly and offers a new link by email, to the address the agency has for
 * this signer (the server never sends it anywhere else). Once sent, the button gives way to what to do next.
 */
function ExpiredLink({ token }: { token: string }) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const send = useMutation({ mutationFn: () => requestNewLink(token) });
  // A refusal the signer can act on (already signed, too many links) is shown as the server words it.
  const refusal =
    send.error instanceof ApiError &&
    ((send.error.status >= 400 && send.error.status < 500) || send.error.code === 'NetworkError')
      ? refusalText(intl, send.error)
      : send.error
        ? intl.formatMessage(M.newLinkFailed)
        : undefined;
  const done = send.isSuccess || (send.error instanceof ApiError && send.error.status === 409);
  const title = intl.formatMessage(M.expiredTitle);
  return (
    <SigningFrame title={title}>
      <h1 ref={heading} tabIndex={-1} className={`${H1} focus:outline-none`}>
        {title}
      </h1>
      <p className="mt-3 text-lg text-gray-900">
        <FormattedMessage {...M.expired} />
      </p>
      {send.isSuccess ? (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
          <FormattedMessage {...M.sent} />
        </p>
      ) : (
        !done && (
          <p className="mt-3 text-gray-700">
            <FormattedMessage {...M.sendNewHint} values={{ days: SIGNING_LINK_LIFE_DAYS }} />
          </p>
        )
      )}
      {refusal && (
        <p role="alert" className="mt-4 text-red-700">
          {refusal}
        </p>
      )}
      {!done && (
        <button
          type="button"
          onClick={() => {
            if (!send.isPending) send.mutate();
          }}
          aria-disabled={send.isPending || undefined}
          aria-busy={send.isPending || undefined}
          className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto"
        >
          <FormattedMessage {...M.sendNew} />
        </button>
      )}
      <SignInLine className="mt-6 text-gray-700" />
    </SigningFrame>
  );
}

export function Component() {
  const token = tokenFromHash(useLocation().hash);
  if (!token) return <InvalidLink />;
  return <Signing key={token} token={token} />;
}

/**
 * `renewed`: the letter's first draft came too close to sign; the server's message, in the page's language,
 * says what replaced it.
 */
type Outcome = 'signed' | 'alreadySigned' | 'invalid' | 'expired' | { renewed: string };

function Signing({ token }: { token: string }) {
  const intl = useIntl();
  const [outcome, setOutcome] = useState<Outcome>();
  const session = useQuery({
    // The token stays in memory only (never in a URL the server sees).
    ...signingSessionQuery(token),
    retry: false,
    staleTime: Infinity,
  });
  if (outcome === 'invalid') return <InvalidLink />;
  if (outcome === 'expired') return <ExpiredLink token={token} />;
  if (typeof outcome === 'object') {
    const title = intl.formatMessage(M.renewedTitle);
    return (
      <SigningFrame title={title}>
        <h1 className={H1}>{title}</h1>
        <p role="alert" className="mt-3 text-gray-800">
          {outcome.renewed}
        </p>
      </SigningFrame>
    );
  }
  if (session.isPending) return <LoadingScreen />;
  const title = intl.formatMessage(M.title);
  if (session.isError) {
    const error = session.error;
    if (isExpired(error)) return <ExpiredLink token={token} />;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <InvalidLink />;
    return (
      <SigningFrame title={title}>
        <h1 className={H1}>{title}</h1>
        <LoadFailure error={error} onRetry={() => void session.refetch()} className="mt-4" />
      </SigningFrame>
    );
  }
  const view = session.data;
  if (outcome === 'signed') return <Thanks view={view} />;
  if (outcome === 'alreadySigned' || view.signed) {
    const letter = intl.formatMessage(M.letter);
    return (
      <SigningFrame title={letter}>
        <h1 className={H1}>{letter}</h1>
        <p className="mt-3 text-gray-800">
          <FormattedMessage {...M.alreadySigned} />
        </p>
        <NextAfterSigning />
      </SigningFrame>
    );
  }
  return <SignForm token={token} view={view} onOutcome={setOutcome} />;
}

function NextAfterSigning() {
  return (
    <p className="mt-4 text-gray-700">
      <FormattedMessage
        {...M.next}
        values={{
          link: (chunks: ReactNode) => (
            <Link to="/sign-in" className={LINK}>
              {chunks}
            </Link>
          ),
        }}
      />
    </p>
  );
}

function Thanks({ view }: { view: SigningView }) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const title = intl.formatMessage(M.signedTitle);
  return (
    <SigningFrame title={title}>
      <h1 ref={heading} tabIndex={-1} className={`${H1} focus:outline-none`}>
        {title}
      </h1>
      <p role="status" className="mt-3 text-lg text-gray-900">
        {intl.formatMessage(M.thanks, { name: view.signerName })}
      </p>
      <p className="mt-3 text-gray-700">
        <FormattedMessage {...M.copyEmailed} />
      </p>
      <NextAfterSigning />
    </SigningFrame>
  );
}

function SignForm({
  token,
  view,
  onOutcome,
}: {
  token: string;
  view: SigningView;
  onOutcome: (outcome: Outcome) => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  // A signer who chose paper may still change their mind here before signing.
  const [reconsidering, setReconsidering] = useState(false);
  // Why the signature was refused (no stored consent): shown at the consent step the page returns to.
  const [consentNotice, setConsentNotice] = useState<string>();
  const update = (patch: Partial<SigningView>) =>
    queryClient.setQueryData<SigningView>(signingKeys.session(token), (old) =>
      old ? { ...old, ...patch } : old,
    );
  const refresh = () => queryClient.invalidateQueries({ queryKey: signingKeys.session(token) });

  if (view.electronicRecords === 'withdrawn' && !reconsidering)
    return <PaperChosen onReconsider={() => setReconsidering(true)} />;
  const consented = view.electronicRecords === 'consented';
  const title = intl.formatMessage(M.title);
  const bold = (chunks: ReactNode) => (
    <strong className="font-semibold break-words text-gray-900">{chunks}</strong>
  );
  return (
    <SigningFrame title={title}>
      <h1 className={H1}>{title}</h1>
      <p className="mt-3 text-gray-800">
        <FormattedMessage
          {...(view.role === 'spouse' ? M.signingAsSpouse : M.signingAs)}
          values={{ name: view.signerName, b: bold }}
        />
      </p>
      <p className="mt-3 text-gray-700">
        <FormattedMessage {...M.intro} values={{ agency: view.agencyName }} />
      </p>

      <section aria-labelledby="step-open" className="mt-8">
        <h2 id="step-open" className={H2}>
          <FormattedMessage {...M.stepOpen} />
        </h2>
        <LetterButton
          token={token}
          onOpened={() => update({ documentOpened: true })}
          onInvalid={() => onOutcome('invalid')}
          onExpired={() => onOutcome('expired')}
        />
      </section>

      <section aria-labelledby="step-consent" className="mt-8">
        <h2 id="step-consent" className={H2}>
          <FormattedMessage {...M.consentHeading} />
        </h2>
        <Disclosures englishGoverns={view.englishGoverns === true} />
        {consentNotice && !consented && (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {consentNotice}
          </p>
        )}
        {consented ? (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-sm text-green-900">
            <FormattedMessage {...M.consented} />
          </p>
        ) : (
          <ConsentForm
            token={token}
            documentOpened={view.documentOpened}
            onConsented={() => {
              setReconsidering(false);
              update({ electronicRecords: 'consented' });
            }}
            onPaper={() => {
              setReconsidering(false);
              update({ electronicRecords: 'withdrawn' });
            }}
            onOpenFirst={() => update({ documentOpened: false })}
            onInvalid={() => onOutcome('invalid')}
            onExpired={() => onOutcome('expired')}
          />
        )}
      </section>

      {consented ? (
        <SignatureForm
          token={token}
          onOutcome={onOutcome}
          onConsentMissing={(message) => {
            setConsentNotice(message);
            void refresh();
          }}
        />
      ) : (
        <p className="mt-8 text-sm text-gray-700">
          <FormattedMessage {...M.signAfterConsent} />
        </p>
      )}
    </SigningFrame>
  );
}

/**
 * The disclosures in the page's language. A translation the agency has not approved says that the English
 * governs, and shows the English beside it on request.
 */
function Disclosures({ englishGoverns }: { englishGoverns: boolean }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const [showEnglish, setShowEnglish] = useState(false);
  const values = contact(intl);
  const list = 'mt-3 space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm';
  const translated = language !== 'en';
  return (
    <>
      <dl className={list}>
        {ELECTRONIC_RECORDS_DISCLOSURES.map((d) => (
          <div key={d.key}>
            <dt className="font-semibold text-gray-900">{intl.formatMessage(DISCLOSURES[d.key].title)}</dt>
            <dd className="mt-1 text-gray-800">{intl.formatMessage(DISCLOSURES[d.key].text, values)}</dd>
          </div>
        ))}
      </dl>
      {translated && englishGoverns && (
        <div
          role="note"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p>
            <FormattedMessage {...M.englishGoverns} />
          </p>
          <button
            type="button"
            aria-expanded={showEnglish}
            aria-controls="disclosures-in-english"
            onClick={() => setShowEnglish((shown) => !shown)}
            className={`${LINK} mt-2`}
          >
            <FormattedMessage {...(showEnglish ? M.hideEnglish : M.showEnglish)} />
          </button>
        </div>
      )}
      {translated && englishGoverns && showEnglish && (
        <dl id="disclosures-in-english" lang="en" className={list}>
          {ELECTRONIC_RECORDS_DISCLOSURES.map((d) => (
            <div key={d.key}>
              <dt className="font-semibold text-gray-900">{d.title}</dt>
              <dd className="mt-1 text-gray-800">{d.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

function ConsentForm({
  token,
  documentOpened,
  onConsented,
  onPaper,
  onOpenFirst,
  onInvalid,
  onExpired,
}: {
  token: string;
  documentOpened: boolean;
  onConsented: () => void;
  onPaper: () => void;
  onOpenFirst: () => void;
  onInvalid: () => void;
  onExpired: () => void;
}) {
  const intl = useIntl();
  // The domain's rule, whose message the field words by its id (the server checks the same rule).
  const form = useZodForm(CONSENT_SCHEMA, {});
  const failure = useFailureModal();
  const [refused, setRefused] = useState<string>();
  const { language } = useLanguage();
  const consent = useMutation({ mutationFn: () => consentToElectronicRecords(token, language) });
  const paper = useMutation({ mutationFn: () => choosePaper(token) });

  // A refusal the signer can act on (open the letter first, reload for new disclosures) is shown as it is.
  const handle = (error: unknown) => {
    if (isExpired(error)) onExpired();
    else if (error instanceof ApiError && error.status === 404) onInvalid();
    else if (applyServerFieldErrors(form, error, ['agreed'])) return;
    else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      if (error.code === 'PreconditionFailed') onOpenFirst();
      setRefused(refusalText(intl, error));
    } else
      failure.show(
        error instanceof ApiError && error.code === 'NetworkError'
          ? apiErrorText(intl, error)
          : intl.formatMessage(M.consentFailed),
      );
  };
  const onSubmit = form.handleSubmit(async () => {
    if (consent.isPending) return;
    setRefused(undefined);
    try {
      await consent.mutateAsync();
      onConsented();
    } catch (error) {
      handle(error);
    }
  });
  const choosePaperInstead = async () => {
    if (paper.isPending) return;
    setRefused(undefined);
    try {
      await paper.mutateAsync();
      onPaper();
    } catch (error) {
      handle(error);
    }
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <CheckboxField
          name="agreed"
          label={intl.formatMessage(M.agreeConsent)}
          disabled={!documentOpened}
          hint={documentOpened ? undefined : intl.formatMessage(M.openFirst)}
        />
        {refused && (
          <p role="alert" className="text-sm text-red-700">
            {refused}
          </p>
        )}
        <SubmitButton busy={consent.isPending} disabled={!documentOpened}>
          <FormattedMessage {...M.consentButton} />
        </SubmitButton>
        <button
          type="button"
          onClick={() => void choosePaperInstead()}
          aria-disabled={paper.isPending || undefined}
          aria-busy={paper.isPending || undefined}
          className={SECONDARY}
        >
          <FormattedMessage {...M.paperButton} />
        </button>
      </form>
      <ErrorModal {...failure.props} />
    </FormProvider>
  );
}

function PaperChosen({ onReconsider }: { onReconsider: () => void }) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const title = intl.formatMessage(M.paperHeading);
  return (
    <SigningFrame title={title}>
      <h1 ref={heading} tabIndex={-1} className={`${H1} focus:outline-none`}>
        {title}
      </h1>
      <p role="status" className="mt-3 text-gray-800">
        {intl.formatMessage(M.paperText, contact(intl))}
      </p>
      <p className="mt-4">
        <a href={`tel:${SITE.phone.tel}`} className={LINK}>
          <FormattedMessage {...M.call} values={{ phone: SITE.phone.display }} />
        </a>
      </p>
      <button type="button" onClick={onReconsider} className={`${SECONDARY} mt-6`}>
        <FormattedMessage {...M.signAfterAll} />
      </button>
    </SigningFrame>
  );
}

function SignatureForm({
  token,
  onOutcome,
  onConsentMissing,
}: {
  token: string;
  onOutcome: (outcome: Outcome) => void;
  onConsentMissing: (message: string) => void;
}) {
  const intl = useIntl();
  // The domain's rules for the typed name and the agreement, whose messages the fields word by their id (the
  // server checks the same rules).
  const form = useZodForm(SIGNATURE_SCHEMA, { fullName: '' });
  const failure = useFailureModal();
  const sign = useMutation({
    mutationFn: (values: { fullName: string; agreed: true }) => signLetter(token, values),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    if (sign.isPending) return;
    try {
      await sign.mutateAsync(values);
      onOutcome('signed');
    } catch (error) {
      if (isExpired(error)) onOutcome('expired');
      else if (error instanceof ApiError && error.status === 404) onOutcome('invalid');
      else if (error instanceof ApiError && error.code === 'LetterRenewed')
        onOutcome({ renewed: apiErrorText(intl, error) });
      // No stored consent (paper chosen in another tab, or new disclosures): the page asks for it again.
      else if (error instanceof ApiError && error.code === 'PreconditionFailed')
        onConsentMissing(apiErrorText(intl, error));
      else if (error instanceof ApiError && error.status === 409) onOutcome('alreadySigned');
      else if (applyServerFieldErrors(form, error, ['fullName', 'agreed'])) return;
      else
        failure.show(
          error instanceof ApiError && error.code === 'NetworkError'
            ? apiErrorText(intl, error)
            : intl.formatMessage(M.signFailed),
        );
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-8 space-y-5">
        <h2 className={H2}>
          <FormattedMessage {...M.signHeading} />
        </h2>
        <TextField
          name="fullName"
          label={intl.formatMessage(M.fullName)}
          autoComplete="name"
          maxLength={81}
        />
        <CheckboxField name="agreed" label={intl.formatMessage(M.agree)} />
        <SubmitButton busy={sign.isPending}>
          <FormattedMessage {...M.sign} />
        </SubmitButton>
      </form>
      <ErrorModal {...failure.props} />
    </FormProvider>
  );
}
/**
 * The letter as a PDF download. The Content-Security-Policy forbids object and embed, so there is no inline
 * viewer: the bytes are fetched (api() reads JSON only) and saved through an object URL.
 */
function LetterButton({
  token,
  onOpened,
  onInvalid,
  onExpired,
}: {
  token: string;
  onOpened: () => void;
  onInvalid: () => void;
  onExpired: () => void;
}) {
  const intl = useIntl();
  const { language: pageLanguage } = useLanguage();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  const [url, setUrl] = useState<string>();
  const [fileName, setFileName] = useState(LETTER_FILE_NAMES[pageLanguage]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const open = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(undefined);
    try {
      let res: Response;
      try {
        res = await fetchLetterDocument(token);
      } catch {
        setFailed(intl.formatMessage(FIXED.networkError));
        return;
      }
      if (res.status === 404) {
        onInvalid();
        return;
      }
      if (res.status === 410) {
        onExpired();
        return;
      }
      if (!res.ok) {
        setFailed(intl.formatMessage(M.letterFailed));
        return;
      }
      // The server says which language the letter is in; the page's language is a fair guess without it.
      const letterLanguage = res.headers.get('content-language');
      const name = LETTER_FILE_NAMES[isLanguage(letterLanguage) ? letterLanguage : pageLanguage];
      setFileName(name);
      const objectUrl = URL.createObjectURL(await res.blob());
      setUrl(objectUrl);
      // The server recorded the opening when it served the letter: the consent can be given now.
      onOpened();
      const anchor = document.createElement('a');
      anchor.href = objectUrl;
      anchor.download = name;
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    } catch {
      setFailed(intl.formatMessage(M.letterFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-3">
      <button
        type="button"
        onClick={() => void open()}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        className={SECONDARY}
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-5 shrink-0"
          fill="none"
          stroke="currentColor"
        >
          <path d="M7 3.5h7l4.5 4.5v12.5H7z" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="M14 3.5V8h4.5M9.5 13h6M9.5 16.5h6" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <FormattedMessage {...M.openLetter} />
      </button>
      {url && (
        <p className="mt-2 text-sm text-gray-700">
          <FormattedMessage {...M.saved} />
          {SPACE}
          <a href={url} download={fileName} className={LINK}>
            <FormattedMessage {...M.saveAgain} />
          </a>
        </p>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failed}
        </p>
      )}
    </div>
  );
}
