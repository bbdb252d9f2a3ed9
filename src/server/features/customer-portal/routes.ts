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
import type { CustomerPortalDeps } from './deps';
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
export const customerPortalRoutes: FastifyPluginAsyncZod<CustomerPortalDeps> = async (
  app,
  { openUnit, config, dayOf },
) => {
  const userId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;

  app.get(
    '/api/customer-portal/plan',
    { config: borrowerOnly, schema: { tags, response: { 200: planViewSchema } } },
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) => getPlan(unit, { userId: id, dayOf }));
    },
  );
  app.get(
    '/api/customer-portal/payments',
    { config: borrowerOnly, schema: { tags, response: { 200: paymentsViewSchema } } },
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) => getPayments(unit, { userId: id }));
    },
  );
  app.post(
    '/api/customer-portal/plan/reauthorize',
    { config: borrowerOnly, schema: { tags, body: reauthorizeSchema, response: { 200: planViewSchema } } },
    async (request) => {
      const id = await userId(request);
      // The plan answered is read in the same unit, after the confirmation: the amount just confirmed.
      return openUnit(async (unit) => {
        await reauthorizePlan(unit, { config, dayOf, userId: id, monthlyDraft: request.body.monthlyDraft });
        return getPlan(unit, { userId: id, dayOf });
      });
    },
  );
  app.get(
    '/api/customer-portal/letter',
    { config: borrowerOnly, schema: { tags } },
    async (request, reply) => {
      const id = await userId(request);
      // The signed letter is kept sealed in the database: read and opened in a unit, sent after it.
      const pdf = await openUnit(async ({ tx, cipher }) => {
        const own = await signedApplication(tx, id);
        const [row] = await tx
          .select({ pdf: docusign.signedDocument })
          .from(docusign)
          .where(eq(docusign.applicationId, own.id));
        return row?.pdf ? openSignedLetter(cipher, row.pdf) : null;
      });
      if (!pdf) throw new AppError('NotFound');
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="Letter of Authorization (signed).pdf"')
        .send(pdf);
    },
  );
  app.get(
    '/api/customer-portal/addenda/:id',
    { config: borrowerOnly, schema: { tags, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const id = await userId(request);
      const pdf = await openUnit(async ({ tx, cipher }) => {
        const own = await signedApplication(tx, id);
        // The id must name a confirmation of the signed-in borrower's own plan: another's is simply not found.
        const [row] = await tx
          .select({ pdf: planAuthorization.addendumDocument })
          .from(planAuthorization)
          .where(
            and(eq(planAuthorization.id, request.params.id), eq(planAuthorization.applicationId, own.id)),
          );
        return row?.pdf ? openSignedLetter(cipher, row.pdf) : null;
      });
      if (!pdf) throw new AppError('NotFound');
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="Addendum to Letter of Authorization.pdf"')
        .send(pdf);
    },
  );
  app.get(
    '/api/customer-portal/alerts',
    { config: borrowerOnly, schema: { tags, response: { 200: customerAlertsViewSchema } } },
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) =>
        listCustomerAlerts(unit, {
          userId: id,
          dayOf,
          postingWindowDays: config.agencyPostingWindowDays,
        }),
      );
    },
  );
  app.post(
    '/api/customer-portal/alerts/:id/seen',
    { config: borrowerOnly, schema: { tags, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const id = await userId(request);
      const updated = await openUnit(async ({ tx }) => {
        const own = await signedApplication(tx, id);
        return tx
          .update(alert)
          .set({ hasBeenSeenByBorrower: true })
          .where(and(eq(alert.id, request.params.id), eq(alert.applicationId, own.id)))
          .returning({ id: alert.id });
      });
      // Another borrower's alert is simply not found.
      if (updated.length === 0) throw new AppError('NotFound');
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/customer-portal/settings',
    { config: borrowerOnly, schema: { tags, response: { 200: customerSettingsViewSchema } } },
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) => getCustomerSettings(unit, { userId: id, dayOf }));
    },
  );
  app.put(
    '/api/customer-portal/settings/text-messages',
    {
      config: borrowerOnly,
      schema: { tags, body: textMessagesSettingSchema, response: { 200: customerSettingsViewSchema } },
    },
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) => setTextMessages(unit, { userId: id, input: request.body, dayOf }));
    },
  );
  app.put(
    '/api/customer-portal/settings/draft-day',
    {
      config: borrowerOnly,
      schema: { tags, body: draftDaySettingSchema, response: { 200: customerSettingsViewSchema } },
    },
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) =>
        setDraftDay(unit, { publicUrl: config.publicUrl, dayOf, userId: id, input: request.body }),
      );
    },
  );
};
