import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertSeenViewSchema,
  borrowerSummaryViewSchema,
  type ClaimView,
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
  type UnclaimBody,
  unclaimBodySchema,
} from '#domain/service-portal/filters';
import { planLedgerViewSchema } from '#domain/enrollment/plan-ledger';
import { emailFailures } from '#server/email/outbox';
import { setClaim } from './claim-application';
import type { ServicePortalDeps } from './deps';
import { listStaff } from './list-staff';
import { planLedgerForStaff } from './plan-ledger';
import { markAlertSeen } from './mark-alert-seen';
import { signedLetterForStaff } from './signed-letter';

const staffOnly = { role: 'staff' } as const;
const tags = ['service portal'];
const idParams = z.object({ id: z.guid() });

/**
 * The service portal's reads: application list, queue search, borrower summary, the signed letter, staff list,
 * emails the queue gave up on; claim and unclaim. Each is a unit of work, apart from the big reads given as a
 * port (deps.ts).
 */
export const servicePortalRoutes: FastifyPluginAsyncZod<ServicePortalDeps> = async (
  app,
  { openUnit, reads },
) => {
  const viewerId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;

  app.get(
    '/api/staff/applications',
    {
      config: staffOnly,
      schema: { tags, querystring: summaryQuerySchema, response: { 200: summaryListViewSchema } },
    },
    async (request) => reads.applications({ viewerId: await viewerId(request), query: request.query }),
  );
  app.get(
    '/api/staff/queue',
    {
      config: staffOnly,
      schema: { tags, querystring: queueQuerySchema, response: { 200: queueViewSchema } },
    },
    async (request) => reads.queue({ viewerId: await viewerId(request), query: request.query }),
  );
  app.get(
    '/api/staff/applications/:id',
    { config: staffOnly, schema: { tags, params: idParams, response: { 200: borrowerSummaryViewSchema } } },
    async (request) =>
      reads.borrowerSummary({ viewerId: await viewerId(request), applicationId: request.params.id }),
  );
  app.get(
    '/api/staff/applications/:id/letter',
    { config: staffOnly, schema: { tags, params: idParams } },
    async (request, reply) => {
      const viewer = await viewerId(request);
      const pdf = await openUnit((unit) =>
        signedLetterForStaff(unit, { viewerId: viewer, applicationId: request.params.id }),
      );
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
    async (request) => openUnit((unit) => planLedgerForStaff(unit, { applicationId: request.params.id })),
  );
  // Claiming and letting go change the same claim; only letting go may take over another counsellor's.
  const changeClaim =
    (claim: boolean) =>
    async (
      request: Parameters<typeof viewerId>[0] & { params: { id: string }; body: UnclaimBody },
    ): Promise<ClaimView> => {
      const viewer = await viewerId(request);
      return openUnit((unit) =>
        setClaim(unit, {
          viewerId: viewer,
          applicationId: request.params.id,
          version: request.body.version,
          claim,
          ...(claim ? {} : { takeOver: request.body.takeOver ?? false }),
        }),
      );
    };
  app.post(
    '/api/staff/applications/:id/claim',
    {
      config: staffOnly,
      schema: { tags, params: idParams, body: claimBodySchema, response: { 200: claimViewSchema } },
    },
    changeClaim(true),
  );
  app.post(
    '/api/staff/applications/:id/unclaim',
    {
      config: staffOnly,
      schema: { tags, params: idParams, body: unclaimBodySchema, response: { 200: claimViewSchema } },
    },
    changeClaim(false),
  );
  app.post(
    '/api/staff/alerts/:id/seen',
    { config: staffOnly, schema: { tags, params: idParams, response: { 200: alertSeenViewSchema } } },
    async (request) => {
      const viewer = await viewerId(request);
      return openUnit((unit) => markAlertSeen(unit, { viewerId: viewer, alertId: request.params.id }));
    },
  );
  app.get(
    '/api/staff/users',
    { config: staffOnly, schema: { tags, response: { 200: staffListViewSchema } } },
    async () => openUnit((unit) => listStaff(unit)),
  );
  app.get(
    '/api/staff/contact-summary',
    {
      config: staffOnly,
      schema: { tags, querystring: contactSummaryQuerySchema, response: { 200: contactSummaryViewSchema } },
    },
    async (request) => reads.contactSummary({ query: request.query }),
  );
  app.get(
    '/api/staff/email-failures',
    { config: staffOnly, schema: { tags, response: { 200: emailFailuresViewSchema } } },
    async () => openUnit((unit) => emailFailures(unit.tx)),
  );
};
