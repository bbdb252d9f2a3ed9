import type { HardshipKey } from '../validation/application';
import type { Page } from './pages';
import type { ApplicationStatus } from './statuses';

/** GET /api/application: what the application flow's pages read of the borrower's own application. */
export type ApplicationView = {
  id: string;
  status: ApplicationStatus;
  lastCompletedPage: Page | null;
  lastViewedPage: Page | null;
  hardships: Record<HardshipKey, boolean>;
};
