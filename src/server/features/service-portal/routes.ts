import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertSeenViewSchema,
  borrowerSummaryViewSchema,
  claimViewSchema,
  contactSummaryViewSchema,
  emailFailuresViewSchema,
  queueViewSchema,
  staffListViewSchema,
  summaryListViewSchema,
} from '#domain/flow/staff-views';
import {
  claimBodySchema,
  contactSummaryQuerySchema,
  queueQuerySchema,
  summaryQuerySchema,
  unclaimBodySchema,
} from '#domain/service-portal/filters';
import { planLedgerViewSchema } from '#domain/enrollment/plan-ledger';
import type { Services } from '#server/services';
import { emailFailures } from '#server/email/outbox';
import { setClaim } from './claim-application';
import { contactSummary } from './contact-summary';
import { getBorrowerSummary } from './get-borrower-summary';
import { listApplications } from './list-applications';
import { listStaff } from './list-staff';
import { planLedgerForStaff } from './plan-ledger';
import { markAlertSeen } from './mark-alert-seen';
import { searchQueue } from './search-queue';
import { signedLetterForStaff } from './signed-letter';

const staffOnly = { role: 'staff' } as const;
const tags = ['service portal'];
const idParams = z.object({ id: z.guid() });

/**
 * The service portal's reads: application list, queue search, borrower summary, the signed letter, staff list,
 * emails the queue gave up on; claim and unclaim.
 */
export const servicePortalRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { db } = services.database;
  const viewerId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;

  app.get(
    '/api/staff/applications',
    {
      config: staffOnly,
      schema: { tags, querystring: summaryQuerySchema, response: { 200: summaryListViewSchema } },
    },
    async (request) => listApplications({ db, viewerId: await viewerId(request), query: request.query }),
  );
  app.get(
    '/api/staff/queue',
    {
      config: staffOnly,
      schema: { tags, querystring: queueQuerySchema, response: { 200: queueViewSchema } },
    },
    async (request) =>
      searchQueue({ db, viewerId: await viewerId(request), query: request.query, today: services.today() }),
  );
  app.get(
    '/api/staff/applications/:id',
    { config: staffOnly, schema: { tags, params: idParams, response: { 200: borrowerSummaryViewSchema } } },
    async (request) =>
      getBorrowerSummary({
        database: services.database,
        db,
        genericPlanDb: services.database.genericPlanDb,
        cache: services.summaryCache,
        cipher: services.cipher,
        viewerId: await viewerId(request),
        applicationId: request.params.id,
        today: services.today(),
      }),
  );
  app.get(
    '/api/staff/applications/:id/letter',
    { config: staffOnly, schema: { tags, params: idParams } },
    async (request, reply) => {
      const pdf = await signedLetterForStaff({
        db,
        cipher: services.cipher,
        viewerId: await viewerId(request),
        applicationId: request.params.id,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="Letter of Authorization (signed).pdf"')
        .send(pdf);
    },
  );
  // The plan's ledger after the hand-over, month by month with the months to reconcile (its own read, not the
  // summary's: the summary is kept in memory, and the agency's events arrive at any time).
  app.get(
    '/api/staff/applications/:id/ledger',
    { config: staffOnly, schema: { tags, params: idParams, response: { 200: planLedgerViewSchema } } },
    async (request) => planLedgerForStaff({ db, applicationId: request.params.id, today: services.today() }),
  );
  app.post(
    '/api/staff/applications/:id/claim',
    {
      config: staffOnly,
      schema: { tags, params: idParams, body: claimBodySchema, response: { 200: claimViewSchema } },
    },
    async (request) =>
      setClaim({
        db,
        viewerId: await viewerId(request),
        applicationId: request.params.id,
        version: request.body.version,
        claim: true,
      }),
  );
  app.post(
    '/api/staff/applications/:id/unclaim',
    {
      config: staffOnly,
      schema: { tags, params: idParams, body: unclaimBodySchema, response: { 200: claimViewSchema } },
    },
    async (request) =>
      setClaim({
        db,
        viewerId: await viewerId(request),
        applicationId: request.params.id,
        version: request.body.version,
        claim: false,
        takeOver: request.body.takeOver ?? false,
      }),
  );
  app.post(
    '/api/staff/alerts/:id/seen',
    { config: staffOnly, schema: { tags, params: idParams, response: { 200: alertSeenViewSchema } } },
    async (request) => markAlertSeen({ db, viewerId: await viewerId(request), alertId: request.params.id }),
  );
  app.get(
    '/api/staff/users',
    { config: staffOnly, schema: { tags, response: { 200: staffListViewSchema } } },
    async () => listStaff({ db }),
  );
  app.get(
    '/api/staff/contact-summary',
    {
      config: staffOnly,
      schema: { tags, querystring: contactSummaryQuerySchema, response: { 200: contactSummaryViewSchema } },
    },
    async (request) => contactSummary({ db, query: request.query }),
  );
  app.get(
    '/api/staff/email-failures',
    { config: staffOnly, schema: { tags, response: { 200: emailFailuresViewSchema } } },
    async () => emailFailures(db),
  );
};
