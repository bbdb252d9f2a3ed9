import type { ApplicationView } from '#domain/flow/application-view';
import type { Db } from '../../db/client';
import { findOwnApplication, hardshipRecord } from './queries';

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

export type { ApplicationView };
