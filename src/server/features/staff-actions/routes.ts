import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveLongPlanSchema,
  approveLongPlanViewSchema,
  contactAttemptReasonKeySchema,
  contactAttemptReasonSchema,
  contactAttemptSchema,
  contactAttemptViewSchema,
  markTransferredSchema,
  offerAnswerViewSchema,
  offerReasonsViewSchema,
  offerStatusSchema,
  qualityControlSchema,
  staffApplicationResultSchema,
  toggleOfferReasonSchema,
} from '#domain/validation/staff';
import type { Services } from '#server/services';
import { answerOffer, toggleOfferReason } from './answer-offer';
import { approveLongPlan } from './approve-long-plan';
import { createContactAttempt, setContactAttemptReason } from '#server/application/contact-attempts';
import { markTransferred } from './mark-transferred';
import { recordQualityControl } from './quality-control';
import { REOPEN_SUPERVISORS_ONLY_MESSAGE, reopenQualityControl } from './reopen-quality-control';
import { AppError } from '#domain/errors';
import { isInGroup, SUPERVISOR_GROUP } from '#server/plugins/staff-group';
import {
  AGENCY_EVENTS_FILE_MAX_BYTES,
  agencyEventsFileReportSchema,
  agencyEventsFileUploadSchema,
} from '#domain/validation/agency-events-file';
import { agencyNoticesOf } from '#server/application/agency-alerts';
import { importAgencyEventsFile } from './agency-events-file';

export const AGENCY_EVENTS_FILE_SUPERVISORS_ONLY_MESSAGE =
  "Only a supervisor can import the agency's events file.";

const staffOnly = { role: 'staff' } as const;
const tags = ['staff'];
const idParams = z.object({ id: z.uuid({ error: 'invalid' }) });

/** Staff actions on an application: contact attempts, offer answers, quality control, hand-over. */
export const staffActionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  const staff = async (request: {
    viewer: () => Promise<{ userId: string; firstName: string | null } | null>;
  }) => (await request.viewer())!;

  app.post(
    '/api/staff/applications/:id/contact-attempts',
    {
      config: { ...staffOnly, idempotent: true },
      schema: {
        tags,
        params: idParams,
        body: contactAttemptSchema,
        response: { 201: contactAttemptViewSchema },
      },
    },
    async (request, reply) => {
      const { view, smsId } = await createContactAttempt({
        db,
        cipher: services.cipher,
        staff: await staff(request),
        applicationId: request.params.id,
        input: request.body,
      });
      if (smsId) services.onSmsQueued?.(smsId);
      return reply.status(201).send(view);
    },
  );

  app.put(
    '/api/staff/contact-attempts/:id/reasons/:key',
    {
      config: staffOnly,
      schema: {
        tags,
        params: idParams.extend({ key: contactAttemptReasonKeySchema }),
        body: contactAttemptReasonSchema,
        response: { 200: contactAttemptViewSchema },
      },
    },
    async (request) =>
      setContactAttemptReason({
        db,
        actorId: (await staff(request)).userId,
        contactAttemptId: request.params.id,
        key: request.params.key,
        value: request.body.value,
      }),
  );

  app.post(
    '/api/staff/offers/:id/status',
    {
      config: staffOnly,
      schema: { tags, params: idParams, body: offerStatusSchema, response: { 200: offerAnswerViewSchema } },
    },
    async (request) => {
      const answer = await answerOffer({
        services,
        actorId: (await staff(request)).userId,
        offerId: request.params.id,
        answer: request.body,
      });
      if (answer.handOver === 'transfer') services.onWebhookQueued?.(answer.application.id);
      return answer;
    },
  );

  app.post(
    '/api/staff/offers/:id/reasons/toggle',
    {
      config: staffOnly,
      schema: {
        tags,
        params: idParams,
        body: toggleOfferReasonSchema,
        response: { 200: offerReasonsViewSchema },
      },
    },
    async (request) =>
      toggleOfferReason({
        services,
        actorId: (await staff(request)).userId,
        offerId: request.params.id,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/staff/applications/:id/quality-control',
    {
      config: staffOnly,
      schema: {
        tags,
        params: idParams,
        body: qualityControlSchema,
        response: { 200: staffApplicationResultSchema },
      },
    },
    async (request) => {
      const { emailId, ...result } = await recordQualityControl({
        db,
        actorId: (await staff(request)).userId,
        applicationId: request.params.id,
        input: request.body,
        queueProposals: services.queueProposals,
        mail: services,
      });
      if (emailId) services.onEmailQueued?.(emailId);
      return result;
    },
  );

  // A supervisor takes back a failed quality control (decision 0143): any other staff member is refused, whether
  // or not the application exists, so the answer says nothing about it to them.
  app.post(
    '/api/staff/applications/:id/quality-control/reopen',
    {
      config: staffOnly,
      schema: { tags, params: idParams, response: { 200: staffApplicationResultSchema } },
    },
    async (request) => {
      const { userId } = await staff(request);
      if (!(await isInGroup(db, userId, SUPERVISOR_GROUP))) {
        throw new AppError('Forbidden', REOPEN_SUPERVISORS_ONLY_MESSAGE);
      }
      const { emailId, ...result } = await reopenQualityControl({
        db,
        actorId: userId,
        applicationId: request.params.id,
        mail: services,
      });
      if (emailId) services.onEmailQueued?.(emailId);
      return result;
    },
  );

  app.post(
    '/api/staff/applications/:id/approve-long-plan',
    {
      config: staffOnly,
      schema: {
        tags,
        params: idParams,
        body: approveLongPlanSchema,
        response: { 200: approveLongPlanViewSchema },
      },
    },
    async (request) => {
      const approved = await approveLongPlan({
        db,
        calendar: services,
        actorId: (await staff(request)).userId,
        applicationId: request.params.id,
        reason: request.body.reason,
      });
      if (approved.handOver === 'transfer') services.onWebhookQueued?.(approved.application.id);
      return approved;
    },
  );

  app.post(
    '/api/staff/applications/:id/mark-transferred',
    {
      config: staffOnly,
      schema: {
        tags,
        params: idParams,
        body: markTransferredSchema,
        response: { 200: staffApplicationResultSchema },
      },
    },
    async (request) =>
      markTransferred({
        db,
        actorId: (await staff(request)).userId,
        applicationId: request.params.id,
        partnerCrmId: request.body.partnerCrmId,
      }),
  );

  // The agency's daily events file, for an agency whose system sends no webhooks: supervisors only, since
  // its rows change what borrowers read about their payments. The file comes as text in a JSON body (the
  // browser reads it), so the body may be larger than the file by its escaping.
  app.post(
    '/api/staff/agency-events/file',
    {
      config: staffOnly,
      bodyLimit: 3 * AGENCY_EVENTS_FILE_MAX_BYTES,
      schema: { tags, body: agencyEventsFileUploadSchema, response: { 200: agencyEventsFileReportSchema } },
    },
    async (request) => {
      const { userId } = await staff(request);
      if (!(await isInGroup(db, userId, SUPERVISOR_GROUP))) {
        throw new AppError('Forbidden', AGENCY_EVENTS_FILE_SUPERVISORS_ONLY_MESSAGE);
      }
      const report = await importAgencyEventsFile({
        db,
        fileName: request.body.fileName,
        content: request.body.content,
        notices: agencyNoticesOf(services),
      });
      request.log.info(
        {
          rows: report.rows,
          applied: report.applied,
          alreadyKnown: report.alreadyKnown,
          refused: report.refused,
        },
        'agency events file',
      );
      return report;
    },
  );
};
