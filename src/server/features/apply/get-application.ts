import type { ApplicationStatus } from '#domain/flow/statuses';
import type { Page } from '#domain/flow/pages';
import type { HardshipKey } from '#domain/validation/application';
import type { Db } from '../../db/client';
import { findOwnApplication, hardshipRecord } from './queries';

/** What the application flow's pages read: the caller's own application, nothing another page needs. */
export type ApplicationView = {
  id: string;
  status: ApplicationStatus;
  lastCompletedPage: Page | null;
  lastViewedPage: Page | null;
  hardships: Record<HardshipKey, boolean>;
};

export async function getApplication(o: { db: Db; userId: string }): Promise<ApplicationView> {
  const app = await findOwnApplication(o.db, o.userId);
  return {
    id: app.id,
    status: app.status,
    lastCompletedPage: app.lastCompletedPage,
    lastViewedPage: app.lastViewedPage,
    hardships: hardshipRecord(app.hardships),
  };
}
