import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import { customerAlertsViewSchema, planViewSchema, reauthorizeSchema } from '#domain/enrollment/views';
import {
  customerSettingsViewSchema,
  draftDaySettingSchema,
  textMessagesSettingSchema,
} from '#domain/enrollment/settings';
import { alert } from '#server/db/schema/service-work';
import { docusign, planAuthorization } from '#server/db/schema/enrollment';
import type { Services } from '#server/services';
import { paymentsViewSchema } from '#domain/enrollment/payments-view';
import { getPlan } from './get-plan';
import { signedApplication } from './signed-application';
import { getPayments } from './payments';
import { listCustomerAlerts } from './list-alerts';
import { reauthorizePlan } from './reauthorize';
import { getCustomerSettings, setDraftDay, setTextMessages } from './settings';
import { openSignedLetter } from '#server/application/signed-letter-store';

const borrowerOnly = { role: 'borrower' } as const;
const tags = ['customer-portal'];

/**
 * The customer portal: My plan and the confirmation of a higher amount, the Payments page, the signed letter and the copies of
 * the confirmations (addenda to it), the alerts
 * (marking one seen), and the settings.
 */
export const customerPortalRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { db } = services.database;
  const userId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;

  app.get(
    '/api/customer-portal/plan',
    { config: borrowerOnly, schema: { tags, response: { 200: planViewSchema } } },
    async (request) => getPlan({ services, userId: await userId(request) }),
  );
  app.get(
    '/api/customer-portal/payments',
    { config: borrowerOnly, schema: { tags, response: { 200: paymentsViewSchema } } },
    async (request) => getPayments({ services, userId: await userId(request) }),
  );
  app.post(
    '/api/customer-portal/plan/reauthorize',
    { config: borrowerOnly, schema: { tags, body: reauthorizeSchema, response: { 200: planViewSchema } } },
    async (request) => {
      const id = await userId(request);
      await reauthorizePlan({ services, userId: id, monthlyDraft: request.body.monthlyDraft });
      return getPlan({ services, userId: id });
    },
  );
  app.get(
    '/api/customer-portal/letter',
    { config: borrowerOnly, schema: { tags } },
    async (request, reply) => {
      const own = await signedApplication(db, await userId(request));
      const [row] = await db
        .select({ pdf: docusign.signedDocument })
        .from(docusign)
        .where(eq(docusign.applicationId, own.id));
      if (!row?.pdf) throw new AppError('NotFound');
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="Letter of Authorization (signed).pdf"')
        .send(openSignedLetter(services.cipher, row.pdf));
    },
  );
  app.get(
    '/api/customer-portal/addenda/:id',
    { config: borrowerOnly, schema: { tags, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const own = await signedApplication(db, await userId(request));
      // The id must name a confirmation of the signed-in borrower's own plan: another's is simply not found.
      const [row] = await db
        .select({ pdf: planAuthorization.addendumDocument })
        .from(planAuthorization)
        .where(and(eq(planAuthorization.id, request.params.id), eq(planAuthorization.applicationId, own.id)));
      if (!row?.pdf) throw new AppError('NotFound');
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="Addendum to Letter of Authorization.pdf"')
        .send(openSignedLetter(services.cipher, row.pdf));
    },
  );
  app.get(
    '/api/customer-portal/alerts',
    { config: borrowerOnly, schema: { tags, response: { 200: customerAlertsViewSchema } } },
    async (request) =>
      listCustomerAlerts({
        db,
        userId: await userId(request),
        today: services.today(),
        dayOf: services.dayOf,
        postingWindowDays: services.config.agencyPostingWindowDays,
      }),
  );
  app.post(
    '/api/customer-portal/alerts/:id/seen',
    { config: borrowerOnly, schema: { tags, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const own = await signedApplication(db, await userId(request));
      const updated = await db
        .update(alert)
        .set({ hasBeenSeenByBorrower: true })
        .where(and(eq(alert.id, request.params.id), eq(alert.applicationId, own.id)))
        .returning({ id: alert.id });
      // Another borrower's alert is simply not found.
      if (updated.length === 0) throw new AppError('NotFound');
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/customer-portal/settings',
    { config: borrowerOnly, schema: { tags, response: { 200: customerSettingsViewSchema } } },
    async (request) =>
      getCustomerSettings({
        db,
        userId: await userId(request),
        today: services.today(),
        dayOf: services.dayOf,
      }),
  );
  app.put(
    '/api/customer-portal/settings/text-messages',
    {
      config: borrowerOnly,
      schema: { tags, body: textMessagesSettingSchema, response: { 200: customerSettingsViewSchema } },
    },
    async (request) =>
      setTextMessages({
        db,
        userId: await userId(request),
        input: request.body,
        today: services.today(),
      }),
  );
  app.put(
    '/api/customer-portal/settings/draft-day',
    {
      config: borrowerOnly,
      schema: { tags, body: draftDaySettingSchema, response: { 200: customerSettingsViewSchema } },
    },
    async (request) => setDraftDay({ services, userId: await userId(request), input: request.body }),
  );
};
