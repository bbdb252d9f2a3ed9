import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import {
  ELECTRONIC_RECORDS_AGREE_LABEL,
  ELECTRONIC_RECORDS_DISCLOSURES,
  ELECTRONIC_RECORDS_HEADING,
  electronicRecordsConsentSchema,
  OPEN_LETTER_FIRST,
  PAPER_CHOSEN,
} from '#domain/enrollment/electronic-records-consent';
import { signLetterSchema, type SigningView } from '#domain/enrollment/views';
import { SIGNING_LINK_MESSAGES } from '#domain/enrollment/signing-links';
import { SITE } from '#domain/site';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
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
const LETTER_FILE_NAME = 'letter-of-authorization.pdf';

const signFormSchema = signLetterSchema.omit({ token: true });

/** The token of a `#t=<token>` fragment, if any. */
export function tokenFromHash(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('t') || undefined;
}

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

const H1 = 'text-2xl font-bold text-gray-900 sm:text-3xl';
const H2 = 'text-lg font-semibold text-gray-900';

function InvalidLink() {
  return (
    <SigningFrame title="Signing link not valid">
      <h1 className={H1}>Signing link not valid</h1>
      <p role="alert" className="mt-3 text-gray-800">
        {INVALID_LINK}
      </p>
      <p className="mt-6">
        Already signed, or want to see your application?{' '}
        <Link to="/sign-in" className={LINK}>
          Sign in
        </Link>
      </p>
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const send = useMutation({ mutationFn: () => requestNewLink(token) });
  // A refusal the signer can act on (already signed, too many links) is shown as the server words it.
  const refusal =
    send.error instanceof ApiError && send.error.status >= 400 && send.error.status < 500
      ? send.error.message
      : send.error
        ? send.error instanceof ApiError && send.error.code === 'NetworkError'
          ? send.error.message
          : NEW_LINK_FAILED
        : undefined;
  const done = send.isSuccess || (send.error instanceof ApiError && send.error.status === 409);
  return (
    <SigningFrame title={SIGNING_LINK_MESSAGES.expiredTitle}>
      <h1 ref={heading} tabIndex={-1} className={`${H1} focus:outline-none`}>
        {SIGNING_LINK_MESSAGES.expiredTitle}
      </h1>
      <p className="mt-3 text-lg text-gray-900">{SIGNING_LINK_MESSAGES.expired}</p>
      {send.isSuccess ? (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
          {SIGNING_LINK_MESSAGES.sent}
        </p>
      ) : (
        !done && <p className="mt-3 text-gray-700">{SIGNING_LINK_MESSAGES.sendNewHint}</p>
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
          {SIGNING_LINK_MESSAGES.sendNew}
        </button>
      )}
      <p className="mt-6 text-gray-700">
        Already signed, or want to see your application?{' '}
        <Link to="/sign-in" className={LINK}>
          Sign in
        </Link>
      </p>
    </SigningFrame>
  );
}

export function Component() {
  const token = tokenFromHash(useLocation().hash);
  if (!token) return <InvalidLink />;
  return <Signing key={token} token={token} />;
}

/** `renewed`: the letter's first draft came too close to sign; the server's message says what replaced it. */
type Outcome = 'signed' | 'alreadySigned' | 'invalid' | 'expired' | { renewed: string };

function Signing({ token }: { token: string }) {
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
    return (
      <SigningFrame title={LETTER_RENEWED_TITLE}>
        <h1 className={H1}>{LETTER_RENEWED_TITLE}</h1>
        <p role="alert" className="mt-3 text-gray-800">
          {outcome.renewed}
        </p>
      </SigningFrame>
    );
  }
  if (session.isPending) return <LoadingScreen />;
  if (session.isError) {
    const error = session.error;
    if (isExpired(error)) return <ExpiredLink token={token} />;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <InvalidLink />;
    return (
      <SigningFrame title={TITLE}>
        <h1 className={H1}>{TITLE}</h1>
        <LoadFailure error={error} onRetry={() => void session.refetch()} className="mt-4" />
      </SigningFrame>
    );
  }
  const view = session.data;
  if (outcome === 'signed') return <Thanks view={view} />;
  if (outcome === 'alreadySigned' || view.signed) {
    return (
      <SigningFrame title="Letter of Authorization">
        <h1 className={H1}>Letter of Authorization</h1>
        <p className="mt-3 text-gray-800">{ALREADY_SIGNED}</p>
        <NextAfterSigning />
      </SigningFrame>
    );
  }
  return <SignForm token={token} view={view} onOutcome={setOutcome} />;
}

function NextAfterSigning() {
  return (
    <p className="mt-4 text-gray-700">
      A credit counsellor reviews your application and gets in touch with you.{' '}
      <Link to="/sign-in" className={LINK}>
        Sign in
      </Link>{' '}
      to follow your application.
    </p>
  );
}

function Thanks({ view }: { view: SigningView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <SigningFrame title="Letter of Authorization signed">
      <h1 ref={heading} tabIndex={-1} className={`${H1} focus:outline-none`}>
        Letter of Authorization signed
      </h1>
      <p role="status" className="mt-3 text-lg text-gray-900">
        {`Thank you, ${view.signerName}. Your Letter of Authorization is signed.`}
      </p>
      <p className="mt-3 text-gray-700">We emailed you a signed copy for your records.</p>
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
  return (
    <SigningFrame title={TITLE}>
      <h1 className={H1}>{TITLE}</h1>
      <p className="mt-3 text-gray-800">
        Signing as <strong className="font-semibold break-words text-gray-900">{view.signerName}</strong>
        {view.role === 'spouse' ? ' (spouse)' : ''}
      </p>
      <p className="mt-3 text-gray-700">
        The letter authorizes {view.agencyName} to work with your creditors on your Debt Management Plan.
        Please read it before you sign.
      </p>

      <section aria-labelledby="step-open" className="mt-8">
        <h2 id="step-open" className={H2}>
          {STEP_OPEN}
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
          {ELECTRONIC_RECORDS_HEADING}
        </h2>
        <Disclosures />
        {consentNotice && !consented && (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {consentNotice}
          </p>
        )}
        {consented ? (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-sm text-green-900">
            {CONSENTED}
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
        <p className="mt-8 text-sm text-gray-700">{SIGN_AFTER_CONSENT}</p>
      )}
    </SigningFrame>
  );
}

function Disclosures() {
  return (
    <dl className="mt-3 space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm">
      {ELECTRONIC_RECORDS_DISCLOSURES.map((d) => (
        <div key={d.key}>
          <dt className="font-semibold text-gray-900">{d.title}</dt>
          <dd className="mt-1 text-gray-800">{d.text}</dd>
        </div>
      ))}
    </dl>
  );
}

const consentFormSchema = electronicRecordsConsentSchema.pick({ agreed: true });

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
  const form = useZodForm(consentFormSchema, {});
  const failure = useFailureModal();
  const [refused, setRefused] = useState<string>();
  const consent = useMutation({ mutationFn: () => consentToElectronicRecords(token) });
  const paper = useMutation({ mutationFn: () => choosePaper(token) });

  // A refusal the signer can act on (open the letter first, reload for new disclosures) is shown as it is.
  const handle = (error: unknown) => {
    if (isExpired(error)) onExpired();
    else if (error instanceof ApiError && error.status === 404) onInvalid();
    else if (applyServerFieldErrors(form, error, ['agreed'])) return;
    else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      if (error.code === 'PreconditionFailed') onOpenFirst();
      setRefused(Object.values(error.fieldErrors)[0] ?? error.message);
    } else
      failure.show(
        error instanceof ApiError && error.code === 'NetworkError' ? error.message : CONSENT_FAILED,
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
          label={ELECTRONIC_RECORDS_AGREE_LABEL}
          disabled={!documentOpened}
          hint={documentOpened ? undefined : OPEN_LETTER_FIRST}
        />
        {refused && (
          <p role="alert" className="text-sm text-red-700">
            {refused}
          </p>
        )}
        <SubmitButton busy={consent.isPending} disabled={!documentOpened}>
          {CONSENT_BUTTON}
        </SubmitButton>
        <button
          type="button"
          onClick={() => void choosePaperInstead()}
          aria-disabled={paper.isPending || undefined}
          aria-busy={paper.isPending || undefined}
          className={SECONDARY}
        >
          {PAPER_BUTTON}
        </button>
      </form>
      <ErrorModal {...failure.props} />
    </FormProvider>
  );
}

function PaperChosen({ onReconsider }: { onReconsider: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <SigningFrame title={PAPER_CHOSEN.heading}>
      <h1 ref={heading} tabIndex={-1} className={`${H1} focus:outline-none`}>
        {PAPER_CHOSEN.heading}
      </h1>
      <p role="status" className="mt-3 text-gray-800">
        {PAPER_CHOSEN.text}
      </p>
      <p className="mt-4">
        <a href={`tel:${SITE.phone.tel}`} className={LINK}>
          Call {SITE.phone.display}
        </a>
      </p>
      <button type="button" onClick={onReconsider} className={`${SECONDARY} mt-6`}>
        {SIGN_ELECTRONICALLY_AFTER_ALL}
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
  const form = useZodForm(signFormSchema, { fullName: '' });
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
        onOutcome({ renewed: error.message });
      // No stored consent (paper chosen in another tab, or new disclosures): the page asks for it again.
      else if (error instanceof ApiError && error.code === 'PreconditionFailed')
        onConsentMissing(error.message);
      else if (error instanceof ApiError && error.status === 409) onOutcome('alreadySigned');
      else if (applyServerFieldErrors(form, error, ['fullName', 'agreed'])) return;
      else
        failure.show(
          error instanceof ApiError && error.code === 'NetworkError' ? error.message : SIGN_FAILED,
        );
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-8 space-y-5">
        <h2 className={H2}>Type your full name to sign</h2>
        <TextField name="fullName" label="Full name" autoComplete="name" maxLength={81} />
        <CheckboxField name="agreed" label={AGREE_LABEL} />
        <SubmitButton busy={sign.isPending}>Sign</SubmitButton>
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
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  const [url, setUrl] = useState<string>();
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
        setFailed(MESSAGES.networkError);
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
        setFailed(LETTER_FAILED);
        return;
      }
      const objectUrl = URL.createObjectURL(await res.blob());
      setUrl(objectUrl);
      // The server recorded the opening when it served the letter: the consent can be given now.
      onOpened();
      const anchor = document.createElement('a');
      anchor.href = objectUrl;
      anchor.download = LETTER_FILE_NAME;
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    } catch {
      setFailed(LETTER_FAILED);
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
        {OPEN_LETTER}
      </button>
      {url && (
        <p className="mt-2 text-sm text-gray-700">
          The letter was saved to your downloads.{' '}
          <a href={url} download={LETTER_FILE_NAME} className={LINK}>
            Save it again
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
