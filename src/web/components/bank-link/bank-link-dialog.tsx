import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { FormProvider } from 'react-hook-form';
import {
  defineMessages,
  FormattedMessage,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import {
  sandboxSignInSchema,
  type LinkTokenView,
  type SandboxAccountsView,
  type SandboxInstitutionsView,
} from '#domain/enrollment/views';
import { FIXED } from '#domain/i18n/validation-messages';
import { sandboxBankHintText } from '#domain/enrollment/sandbox-bank-hints';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { ERROR_CLASS, SECONDARY_BUTTON_CLASS } from '#web/components/ui/form/styles';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { Modal } from '#web/components/ui/modal';
import { PlaidLinkFlow } from './plaid-link-flow';
import { sandboxInstitutionsQuery, sandboxPublicToken, sandboxSignIn } from './sandbox-api';

// The bank-link widget. With the built-in sandbox (no vendor account) it is our own three-step dialog:
// choose an institution, sign in with its test credentials, choose the accounts to share; the server then
// hands out a public token exactly as the vendor's widget would. With Plaid configured (the link session says
// sandbox: false) it is Plaid Link itself (plaid-link-flow.tsx).

// The component tests read these URLs from here.
export { SANDBOX_INSTITUTIONS_PATH, SANDBOX_PUBLIC_TOKEN_PATH, SANDBOX_SIGN_IN_PATH } from './sandbox-api';
const M = defineMessages({
  sandboxTitle: { id: 'bankLink.title.sandbox', defaultMessage: 'Sandbox bank connection' },
  title: { id: 'bankLink.title', defaultMessage: 'Connect your bank' },
  sandboxBadge: { id: 'bankLink.sandbox.badge', defaultMessage: 'Sandbox' },
  sandboxNote: {
    id: 'bankLink.sandbox.note',
    defaultMessage: 'A test bank for trying the app. No real bank is contacted; use the test sign-in shown.',
  },
  chooseBank: { id: 'bankLink.chooseBank', defaultMessage: 'Choose your bank' },
  loadingBanks: { id: 'bankLink.loadingBanks', defaultMessage: 'Loading banks...' },
  banksFailed: { id: 'bankLink.banksFailed', defaultMessage: 'The list of banks could not be loaded.' },
  tryAgain: { id: 'bankLink.tryAgain', defaultMessage: 'Try again' },
  username: { id: 'bankLink.signIn.username', defaultMessage: 'Username' },
  password: { id: 'bankLink.signIn.password', defaultMessage: 'Password' },
  signIn: { id: 'bankLink.signIn.submit', defaultMessage: 'Sign in' },
  signInFailed: {
    id: 'bankLink.signIn.failed',
    defaultMessage: 'The sign-in did not work. Please try again.',
  },
  anotherBank: { id: 'bankLink.signIn.anotherBank', defaultMessage: 'Choose another bank' },
  checking: { id: 'bankLink.accounts.subtype.checking', defaultMessage: 'checking' },
  savings: { id: 'bankLink.accounts.subtype.savings', defaultMessage: 'savings' },
  creditCard: { id: 'bankLink.accounts.subtype.creditCard', defaultMessage: 'credit card' },
  chooseAccounts: { id: 'bankLink.accounts.title', defaultMessage: 'Choose accounts' },
  connectFailed: {
    id: 'bankLink.accounts.failed',
    defaultMessage: 'The connection did not work. Please try again.',
  },
  continue: { id: 'bankLink.accounts.continue', defaultMessage: 'Continue' },
});

// The English, as the component tests read it.
export const ACCOUNTS_REQUIRED = String(FIXED.accountsRequired.defaultMessage);

type Institution = SandboxInstitutionsView['institutions'][number];
type SandboxAccount = SandboxAccountsView['accounts'][number];

export type BankLinkDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link session from POST /api/bank-link/link-token; the dialog shows nothing without one. */
  session: LinkTokenView | null;
  /** The connection succeeded: the public token to exchange (POST /api/application/bank-connections). */
  onConnected: (publicToken: string) => void;
  /** Entering an account by hand instead, where the page offers it; without it, the dialog says to call us. */
  onProvideManually?: () => void;
  /** The dialog's title; by default 'Connect your bank' ('Sandbox bank connection' with the sandbox). */
  title?: string;
  /** Where focus goes when the dialog closes (by default back to what opened it). */
  onCloseAutoFocus?: (event: Event) => void;
};

export function BankLinkDialog({
  open,
  onOpenChange,
  session,
  onConnected,
  onProvideManually,
  onCloseAutoFocus,
  title,
}: BankLinkDialogProps) {
  const intl = useIntl();
  if (session !== null && !session.sandbox) {
    return (
      // Keyed by the session: a new link token creates Link afresh, with nothing left of an earlier failure.
      <PlaidLinkFlow
        key={session.linkToken}
        open={open}
        onOpenChange={onOpenChange}
        linkToken={session.linkToken}
        onConnected={onConnected}
        onProvideManually={onProvideManually}
        title={title}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    );
  }
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title ?? intl.formatMessage(session === null ? M.title : M.sandboxTitle)}
      size="md"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {session !== null && (
        // Keyed by the session: a new connection starts again at the first step.
        <SandboxFlow key={session.linkToken} linkToken={session.linkToken} onConnected={onConnected} />
      )}
    </Modal>
  );
}

type Step =
  | { name: 'institution' }
  | { name: 'sign-in'; institution: Institution }
  | { name: 'accounts'; institution: Institution; username: string; accounts: SandboxAccount[] };

function SandboxFlow({
  linkToken,
  onConnected,
}: {
  linkToken: string;
  onConnected: (token: string) => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'institution' });
  const heading = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef(false);
  // Each new step announces itself: focus moves to its heading (on opening, Radix places it).
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    heading.current?.focus();
  }, [step]);
  const go = (next: Step) => {
    moveFocus.current = true;
    setStep(next);
  };

  return (
    <div className="mt-2">
      <p className="flex flex-wrap items-center gap-2 rounded-lg border border-accent-400 bg-accent-100 px-3 py-2 text-sm text-accent-800">
        <span className="rounded bg-accent-800 px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
          <FormattedMessage {...M.sandboxBadge} />
        </span>
        <span>
          <FormattedMessage {...M.sandboxNote} />
        </span>
      </p>
      {step.name === 'institution' && (
        <ChooseInstitution
          headingRef={heading}
          onChoose={(institution) => go({ name: 'sign-in', institution })}
        />
      )}
      {step.name === 'sign-in' && (
        <SignIn
          headingRef={heading}
          linkToken={linkToken}
          institution={step.institution}
          onBack={() => go({ name: 'institution' })}
          onSignedIn={(username, accounts) =>
            go({ name: 'accounts', institution: step.institution, username, accounts })
          }
        />
      )}
      {step.name === 'accounts' && (
        <ChooseAccounts
          headingRef={heading}
          linkToken={linkToken}
          institution={step.institution}
          username={step.username}
          accounts={step.accounts}
          onConnected={onConnected}
        />
      )}
    </div>
  );
}

type HeadingRef = RefObject<HTMLHeadingElement | null>;

function StepHeading({ headingRef, children }: { headingRef: HeadingRef; children: string }) {
  return (
    <h3
      ref={headingRef}
      tabIndex={-1}
      className="mt-5 text-lg font-semibold text-gray-900 focus:outline-none"
    >
      {children}
    </h3>
  );
}

/** A failure inside the dialog: the error modal would stack a second dialog on this one. */
function DialogAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {message}
    </p>
  );
}

/** The server's or the network's own words when they say something, in the page's language; else the fallback. */
const failureText = (intl: IntlShape, error: unknown, fallback: string): string =>
  error instanceof ApiError && (error.code === 'NetworkError' || error.code === 'ProviderError')
    ? apiErrorText(intl, error)
    : fallback;

function ChooseInstitution({
  headingRef,
  onChoose,
}: {
  headingRef: HeadingRef;
  onChoose: (institution: Institution) => void;
}) {
  const intl = useIntl();
  const institutions = useQuery({
    ...sandboxInstitutionsQuery(),
    staleTime: Infinity,
  });
  return (
    <section>
      <StepHeading headingRef={headingRef}>{intl.formatMessage(M.chooseBank)}</StepHeading>
      {institutions.isPending && (
        <p role="status" className="mt-3 text-gray-700">
          <FormattedMessage {...M.loadingBanks} />
        </p>
      )}
      {institutions.isError && (
        <div className="mt-3">
          <DialogAlert message={failureText(intl, institutions.error, intl.formatMessage(M.banksFailed))} />
          <button
            type="button"
            onClick={() => void institutions.refetch()}
            className={`${SECONDARY_BUTTON_CLASS} mt-3`}
          >
            <FormattedMessage {...M.tryAgain} />
          </button>
        </div>
      )}
      {institutions.data && (
        <ul className="mt-3 space-y-2">
          {institutions.data.institutions.map((institution) => (
            <li key={institution.id}>
              <button
                type="button"
                onClick={() => onChoose(institution)}
                className="flex min-h-11 w-full flex-col items-start rounded-lg border border-gray-300 px-4 py-3 text-left hover:border-brand-600 hover:bg-brand-50"
              >
                <span className="font-semibold text-gray-900">{institution.name}</span>
                <span className="text-sm text-gray-700">
                  {sandboxBankHintText(institution, (d) => intl.formatMessage(d))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const credentialsSchema = sandboxSignInSchema.pick({ username: true, password: true });

function SignIn({
  headingRef,
  linkToken,
  institution,
  onBack,
  onSignedIn,
}: {
  headingRef: HeadingRef;
  linkToken: string;
  institution: Institution;
  onBack: () => void;
  /** The username signed in with (it picks the sandbox persona) and the accounts on offer. */
  onSignedIn: (username: string, accounts: SandboxAccount[]) => void;
}) {
  const intl = useIntl();
  const form = useZodForm(credentialsSchema, { username: '', password: '' });
  const [failure, setFailure] = useState<string>();
  const signIn = useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      sandboxSignIn({ linkToken, institutionId: institution.id, ...credentials }),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    if (signIn.isPending) return;
    setFailure(undefined);
    try {
      const answer = await signIn.mutateAsync(values);
      onSignedIn(values.username, answer.accounts);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'ProviderError')) {
        if (applyServerFieldErrors(form, error, ['username', 'password'])) return;
      }
      setFailure(failureText(intl, error, intl.formatMessage(M.signInFailed)));
    }
  });
  return (
    <section>
      <StepHeading headingRef={headingRef}>
        {intl.formatMessage(
          { id: 'bankLink.signIn.title', defaultMessage: 'Sign in to {institution}' },
          { institution: institution.name },
        )}
      </StepHeading>
      <p className="mt-1 text-sm text-gray-700">
        {sandboxBankHintText(institution, (d) => intl.formatMessage(d))}
      </p>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
          <TextField
            name="username"
            label={intl.formatMessage(M.username)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField
            name="password"
            label={intl.formatMessage(M.password)}
            type="password"
            autoComplete="off"
            // Passwords are never trimmed.
            normalizeOnBlur={(value) => value}
          />
          <DialogAlert message={failure} />
          <SubmitButton busy={signIn.isPending}>{intl.formatMessage(M.signIn)}</SubmitButton>
          <button type="button" onClick={onBack} className={SECONDARY_BUTTON_CLASS}>
            <FormattedMessage {...M.anotherBank} />
          </button>
        </form>
      </FormProvider>
    </section>
  );
}

/** The kinds of account the bank names, in the page's language; another kind is shown as the bank names it. */
const SUBTYPES: Readonly<Record<string, MessageDescriptor>> = {
  checking: M.checking,
  savings: M.savings,
  'credit card': M.creditCard,
};

export const accountLabel = (account: SandboxAccount, intl: Pick<IntlShape, 'formatMessage'>): string => {
  const subtype = account.subtype && SUBTYPES[account.subtype];
  const kind = subtype ? intl.formatMessage(subtype) : account.subtype;
  return [account.name, account.mask ? `••${account.mask}` : null, kind ? `(${kind})` : null]
    .filter(Boolean)
    .join(' ');
};

function ChooseAccounts({
  headingRef,
  linkToken,
  institution,
  username,
  accounts,
  onConnected,
}: {
  headingRef: HeadingRef;
  linkToken: string;
  institution: Institution;
  username: string;
  accounts: SandboxAccount[];
  onConnected: (publicToken: string) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(accounts.map((a) => a.accountId)));
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string>();
  const firstBox = useRef<HTMLInputElement>(null);
  const complete = useMutation({
    mutationFn: (accountIds: string[]) =>
      sandboxPublicToken({ linkToken, institutionId: institution.id, username, accountIds }),
  });

  const toggle = (accountId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(accountId);
    else next.delete(accountId);
    setChosen(next);
    if (next.size > 0) setMissing(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (complete.isPending) return;
    if (chosen.size === 0) {
      setMissing(true);
      firstBox.current?.focus();
      return;
    }
    setFailure(undefined);
    try {
      const answer = await complete.mutateAsync(
        accounts.map((a) => a.accountId).filter((a) => chosen.has(a)),
      );
      onConnected(answer.publicToken);
    } catch (error) {
      setFailure(failureText(intl, error, intl.formatMessage(M.connectFailed)));
    }
  };

  const errorId = `${id}-error`;
  return (
    <section>
      <StepHeading headingRef={headingRef}>{intl.formatMessage(M.chooseAccounts)}</StepHeading>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 space-y-4">
        <fieldset aria-describedby={missing ? errorId : undefined} aria-invalid={missing || undefined}>
          <legend className="text-sm text-gray-800">
            <FormattedMessage
              id="bankLink.accounts.which"
              defaultMessage="Which {institution} accounts may we see? Include your primary checking account."
              values={{ institution: institution.name }}
            />
          </legend>
          <div className="mt-2 space-y-2">
            {accounts.map((account, index) => (
              <label
                key={account.accountId}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-gray-300 px-4 py-2 text-gray-900 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  ref={index === 0 ? firstBox : undefined}
                  type="checkbox"
                  checked={chosen.has(account.accountId)}
                  onChange={(event) => toggle(account.accountId, event.target.checked)}
                  className="size-5 shrink-0 accent-brand-600"
                />
                <span className="min-w-0 break-words">{accountLabel(account, intl)}</span>
              </label>
            ))}
          </div>
          {missing && (
            <p id={errorId} role="alert" className={ERROR_CLASS}>
              {/* The server's refusal of no account says the same, from the same message. */}
              <FormattedMessage {...FIXED.accountsRequired} />
            </p>
          )}
        </fieldset>
        <DialogAlert message={failure} />
        <SubmitButton busy={complete.isPending}>
          <FormattedMessage {...M.continue} />
        </SubmitButton>
      </form>
    </section>
  );
}
