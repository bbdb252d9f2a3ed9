import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { AccountPage, LINK_CLASS, SPACE } from './account-page';
import { messageText } from '#web/lib/message-text';
import { locationMessage } from './location-message';

/** Confirmation that an email is on its way; shows a message passed by the screen that sent the user here. */
export function Component() {
  const message = locationMessage(useLocation().state);
  const intl = useIntl();
  return (
    <AccountPage
      title={intl.formatMessage({
        id: 'account.checkEmail.title',
        defaultMessage: 'Please check your email',
      })}
    >
      {message ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {messageText(intl, message)}
        </p>
      ) : (
        <div className="space-y-3 text-gray-800">
          <p>
            <FormattedMessage
              id="account.checkEmail.sent"
              defaultMessage="We sent you an email with a verification link. Follow the link in that email to set your password."
            />
          </p>
          <p>
            <FormattedMessage
              id="account.checkEmail.delay"
              defaultMessage="It can take a few minutes to arrive. If you do not see it, check your spam or junk folder. Only the newest link works."
            />
          </p>
        </div>
      )}
      <ul className="mt-6 space-y-3 text-sm">
        <li>
          <FormattedMessage id="account.checkEmail.notReceived" defaultMessage="Did not get the email?" />
          {SPACE}
          <Link to="/forgot-password" className={LINK_CLASS}>
            <FormattedMessage id="account.sendNewLink" defaultMessage="Send a new verification link" />
          </Link>
        </li>
        <li>
          <FormattedMessage id="account.checkEmail.haveCode" defaultMessage="Have a 6-digit code?" />
          {SPACE}
          <Link to="/verification-code" className={LINK_CLASS}>
            <FormattedMessage
              id="account.checkEmail.enterCode"
              defaultMessage="Enter your verification code"
            />
          </Link>
        </li>
        <li>
          <Link to="/sign-in" className={LINK_CLASS}>
            <FormattedMessage id="account.checkEmail.backToSignIn" defaultMessage="Back to sign in" />
          </Link>
        </li>
      </ul>
    </AccountPage>
  );
}
