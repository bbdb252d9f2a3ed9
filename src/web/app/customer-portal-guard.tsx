import { Outlet } from 'react-router';
import { CustomerPortalHeader } from '../features/customer-portal/customer-portal-header';
import { customerPortalRule, SessionGuard } from './session';

/**
 * The customer portal: not signed in → /sign-in; password not yet set → /please-check-your-email;
 * staff → /summary. Its pages share the portal header (Settings, Sign Out).
 */
export function Component() {
  return (
    <SessionGuard rule={customerPortalRule}>
      <CustomerPortalHeader />
      <Outlet />
    </SessionGuard>
  );
}
