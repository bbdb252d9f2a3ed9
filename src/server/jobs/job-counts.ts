import PgBoss from 'pg-boss';
import type { Database } from '#server/db/client';

/** pg-boss's tables live in this schema of the product's database (only pg-boss reads or writes them). */
export const PGBOSS_SCHEMA = 'pgboss';

/** The job states counted per queue: waiting (or scheduled for later), waiting to be tried again, running. */
export const JOB_STATES = ['created', 'retry', 'active'] as const;

export type JobCount = { queue: string; state: (typeof JOB_STATES)[number]; count: number };

/**
 * Each queue's jobs by state, through pg-boss's public API: getQueueSize counts the jobs before a state in its
 * order (created < retry < active < completed), so each state is the difference of two counts. Jobs that gave
 * up are not counted: the API has no count of them, and the messages they were for are counted by the
 * outboxes. Empty before the job queue first started (pg-boss not installed yet).
 */
export async function readJobCounts(database: Database): Promise<JobCount[]> {
  // Never started: it only reads, through the database's own connection, and installs nothing.
  const boss = new PgBoss({
    db: { executeSql: database.executeSql },
    schema: PGBOSS_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  if (!(await boss.isInstalled())) return [];
  const counts: JobCount[] = [];
  for (const { name } of await boss.getQueues()) {
    const [created, upToRetry, upToActive] = await Promise.all([
      boss.getQueueSize(name, { before: 'retry' }),
      boss.getQueueSize(name, { before: 'active' }),
      boss.getQueueSize(name, { before: 'completed' }),
    ]);
    counts.push(
      { queue: name, state: 'created', count: created },
      { queue: name, state: 'retry', count: upToRetry - created },
      { queue: name, state: 'active', count: upToActive - upToRetry },
    );
  }
  return counts;
}
