import type { AnyJobDefinition } from '../define-job';
import { agencyUnpostedPaymentsJob } from './agency-unposted-payments';
import { alertRulesJob } from './alert-rules';
import { bankRefreshJob } from './bank-refresh';
import { callRemindersJob } from './call-reminders';
import { creditPullJob } from './credit-pull';
import { emailBodyPurgeJob } from './email-body-purge';
import { emailDeliverJob } from './email-deliver';
import { emailSweepJob } from './email-sweep';
import { letterRenewalJob } from './letter-renewal';
import { letterSendJob } from './letter-send';
import { letterSweepJob } from './letter-sweep';
import { partnerWebhookJob } from './partner-webhook';
import { proposalsPrepareJob } from './proposals-prepare';
import { proposalsSweepJob } from './proposals-sweep';
import { rateLimitCleanupJob } from './rate-limit-cleanup';
import { silentCreditorsJob } from './silent-creditors';
import { smsDeliverJob } from './sms-deliver';
import { smsSweepJob } from './sms-sweep';

/**
 * Every job the server runs, one file each in this folder. startJobs creates and works them in this order,
 * and runs their start-up work (the sweeps) in this order too: proposals and letters first (they write
 * emails), then the emails and texts still waiting. A job file not listed here is never worked: the test
 * beside this list fails on one.
 */
export const JOBS: readonly AnyJobDefinition[] = [
  emailDeliverJob,
  smsDeliverJob,
  partnerWebhookJob,
  letterSendJob,
  proposalsPrepareJob,
  proposalsSweepJob,
  letterSweepJob,
  emailSweepJob,
  smsSweepJob,
  emailBodyPurgeJob,
  rateLimitCleanupJob,
  letterRenewalJob,
  callRemindersJob,
  alertRulesJob,
  agencyUnpostedPaymentsJob,
  bankRefreshJob,
  creditPullJob,
  silentCreditorsJob,
];
