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
import { answerOffer, toggleOfferReason } from './answer-offer';
import { approveLongPlan } from './approve-long-plan';
import { insertContactAttempt, writeContactAttemptReason } from '#server/application/contact-attempts';
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
import { importAgencyEventsFile, recordAgencyEventInUnit } from './agency-events-file';
import type { StaffActionsDeps } from './deps';

export const AGENCY_EVENTS_FILE_SUPERVISORS_ONLY_MESSAGE =
  "Only a supervisor can import the agency's events file.";

const staffOnly = { role: 'staff' } as const;
const tags = ['staff'];
const idParams = z.object({ id: z.uuid({ error: 'invalid' }) });

/**
 * Staff actions on an application: contact attempts, offer answers, quality control, hand-over. Each request is
 * one unit of work; the emails, texts and partner events it writes are announced by the unit once committed.
 */
export const staffActionRoutes: FastifyPluginAsyncZod<StaffActionsDeps> = async (
  app,
  { openUnit, config, dayOf },
) => {
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
      const viewer = await staff(request);
      const view = await openUnit(async (unit) => {
        const attempt = await insertContactAttempt(unit.tx, {
          cipher: unit.cipher,
          staff: viewer,
          applicationId: request.params.id,
          input: request.body,
        });
        // The text is written by the shared helper in this unit's transaction: announced with the unit's own.
        if (attempt.smsId) unit.outbox.adopt({ smsIds: [attempt.smsId] });
        return attempt.view;
      });
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
    async (request) => {
      const { userId } = await staff(request);
      return openUnit((unit) =>
        writeContactAttemptReason(unit.tx, {
          actorId: userId,
          contactAttemptId: request.params.id,
          key: request.params.key,
          value: request.body.value,
        }),
      );
    },
  );

  app.post(
    '/api/staff/offers/:id/status',
    {
      config: staffOnly,
      schema: { tags, params: idParams, body: offerStatusSchema, response: { 200: offerAnswerViewSchema } },
    },
    async (request) => {
      const { userId } = await staff(request);
      return openUnit((unit) =>
        answerOffer(
          unit,
          { config, dayOf },
          { actorId: userId, offerId: request.params.id, answer: request.body },
        ),
      );
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
    async (request) => {
      const { userId } = await staff(request);
      return openUnit((unit) =>
        toggleOfferReason(unit, { actorId: userId, offerId: request.params.id, reason: request.body.reason }),
      );
    },
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
      const { userId } = await staff(request);
      return openUnit((unit) =>
        recordQualityControl(unit, {
          actorId: userId,
          applicationId: request.params.id,
          input: request.body,
          mail: { config },
        }),
      );
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
      return openUnit(async (unit) => {
        if (!(await isInGroup(unit.tx, userId, SUPERVISOR_GROUP))) {
          throw new AppError('Forbidden', REOPEN_SUPERVISORS_ONLY_MESSAGE);
        }
        return reopenQualityControl(unit, config, { actorId: userId, applicationId: request.params.id });
      });
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
      const { userId } = await staff(request);
      return openUnit((unit) =>
        approveLongPlan(unit, dayOf, {
          actorId: userId,
          applicationId: request.params.id,
          reason: request.body.reason,
        }),
      );
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
    async (request) => {
      const { userId } = await staff(request);
      return openUnit((unit) =>
        markTransferred(unit, {
          actorId: userId,
          applicationId: request.params.id,
          partnerCrmId: request.body.partnerCrmId,
        }),
      );
    },
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
      const supervisor = await openUnit((unit) => isInGroup(unit.tx, userId, SUPERVISOR_GROUP));
      if (!supervisor) throw new AppError('Forbidden', AGENCY_EVENTS_FILE_SUPERVISORS_ONLY_MESSAGE);
      // A unit per row, as the ledger records each event on its own: a refused row leaves the others.
      const report = await importAgencyEventsFile({
        record: (event, source) => openUnit((unit) => recordAgencyEventInUnit(unit, config, event, source)),
        fileName: request.body.fileName,
        content: request.body.content,
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
