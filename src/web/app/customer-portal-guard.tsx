import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { resumeRoute } from '#domain/flow/resume';
import { LoadFailure } from '../components/ui/load-failure';
import { LoadingScreen } from '../components/ui/loading-screen';
import { useApplication, useBehindLastStep } from '../features/apply/application-query';
import { CustomerPortalHeader } from '../features/customer-portal/customer-portal-header';
import { isCustomerPortalStatus } from '#domain/flow/statuses';
import { customerPortalRule, SessionGuard } from '#web/lib/session';
import { SessionRecording } from './session-recording';

/**
 * The customer portal: not signed in → /sign-in; password not yet set → /please-check-your-email;
 * staff → /summary; a borrower who has not signed the Letter of Authorization yet → where the application
 * stands. Its pages share the portal header (My Plan, Next Steps, Settings, Sign Out).
 */
export function Component() {
  return (
    <SessionGuard rule={customerPortalRule}>
      <SessionRecording />
      <SignedBorrowerGate>
        <CustomerPortalHeader />
        <Outlet />
      </SignedBorrowerGate>
    </SessionGuard>
  );
}

/** Renders the portal only for an application past the signature (counsellor review and after). */
function SignedBorrowerGate({ children }: { children: ReactNode }) {
  const application = useApplication();
  const behind = useBehindLastStep(application);
  if (application.isPending || behind) return <LoadingScreen />;
  if (application.isError) {
    return (
      <LoadFailure
        error={application.error}
        onRetry={() => void application.refetch()}
        className="mx-auto min-h-[50vh] max-w-md justify-center px-4"
      />
    );
  }
  if (!isCustomerPortalStatus(application.data.status)) {
    return <Navigate to={resumeRoute(application.data)} replace />;
  }
  return <>{children}</>;
}
