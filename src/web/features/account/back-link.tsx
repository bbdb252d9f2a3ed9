import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { LINK_CLASS } from './account-page';

/** The change pages serve the customer portal and the service portal; each goes back to its own settings. */
export function BackLink() {
  const inCustomerPortal = useLocation().pathname.startsWith('/customer-portal/');
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={inCustomerPortal ? '/customer-portal/settings' : '/preferences'} className={LINK_CLASS}>
        {inCustomerPortal ? (
          <FormattedMessage id="account.back.settings" defaultMessage="Back to settings" />
        ) : (
          <FormattedMessage id="account.back.preferences" defaultMessage="Back to preferences" />
        )}
      </Link>
    </p>
  );
}
