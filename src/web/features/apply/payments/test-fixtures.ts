// Shared fixtures of the payment pages' component tests. Imported by tests only.
import type { ApplicationView } from '../application-query';

export const borrowerSession = {
  user: {
    id: 'u1',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Diaz',
    phoneNumber: null,
    mustChangePassword: false,
    isStaff: false,
    twoFactorEnabled: false,
    secondFactorVerified: false,
  },
  resume: '/payments/next-steps',
};

export const paymentApplication = (
  status: ApplicationView['status'] = 'confirmPaymentAccount',
  lastViewedPage: ApplicationView['lastViewedPage'] = 'NextSteps',
) =>
  ({
    id: 'app-1',
    status,
    lastCompletedPage: 'Review',
    lastViewedPage,
  }) satisfies Partial<ApplicationView>;
