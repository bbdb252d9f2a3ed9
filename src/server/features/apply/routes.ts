import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressSuggestionsViewSchema,
  applicationViewSchema,
  budgetViewSchema,
  eligibleDebtsViewSchema,
  expensesViewSchema,
  acceptOffersSchema,
  offersViewSchema,
} from '#domain/flow/application-view';
import {
  addressSuggestionsQuerySchema,
  budgetSchema,
  confirmIncomeSchema,
  creditConsentSchema,
  eligibleDebtsSchema,
  hardshipsSchema,
  householdSchema,
  missingDebtSchema,
  notifyWhenEligibleSchema,
  provideIncomeSchema,
  viewedPageSchema,
} from '#domain/validation/application';
import { saveExpensesSchema } from '#domain/validation/expenses';
import { agreeToBudget, getBudget } from './budget';
import { addMissingDebt, getEligibleDebts, removeMissingDebt, saveEligibleDebts } from './eligible-debts';
import { getExpenses, saveExpenses } from './expenses';
import { getApplication } from './get-application';
import { acceptOffers, getOffers, leaveOutAllOffers } from './offers';
import { saveCredit } from './save-credit';
import {
  type ConsentEvidence,
  giveSpouseConsentByLink,
  openSpouseConsentLink,
  sendSpouseConsentLink,
  spouseConsentStatus,
} from './spouse-consent';
import {
  sendSpouseConsentLinkSchema,
  spouseConsentPageViewSchema,
  spouseConsentSchema,
  spouseConsentStatusViewSchema,
  spouseConsentTokenSchema,
} from '#domain/validation/spouse-consent';
import { languageOfRequest } from '#server/i18n';
import { saveHardships } from './save-hardships';
import { saveHousehold } from './save-household';
import { confirmIncome, saveIncome } from './save-income';
import { saveNotifyWhenEligible } from './save-notify';
import { recordViewedPage } from './viewed-page';
import { reapplySchema } from '#domain/flow/reapply';
import { reapply } from './reapply';
import type { ApplyDeps } from './deps';

const nextSchema = z.object({ next: z.string() });
/** Tokens are unguessable; guessing is slowed anyway, as for the signing links. */
const tokenRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
/** A consent's evidence: the client's address as Fastify reads it (TRUST_PROXY) and its user agent. */
const evidenceOf = (request: { ip: string; headers: { 'user-agent'?: string } }): ConsentEvidence => ({
  ipAddress: request.ip || null,
  userAgent: request.headers['user-agent'] ?? null,
});
const borrowerOnly = { role: 'borrower' } as const;
const tags = ['application'];

/**
 * The borrower's application flow: each page sends its answers; the server validates them with the page's
 * schema, saves them in one unit of work, moves the status and says where to go next. The unit announces the
 * texts and emails a save wrote to the job queue once it commits. The vendors (the credit bureau, the phone
 * lookup, the address suggestions) are asked outside any unit.
 */
export const applyRoutes: FastifyPluginAsyncZod<ApplyDeps> = async (app, deps) => {
  const { openUnit, config } = deps;
  const { publicUrl } = config;
  const userId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;
  /** A save's answer as the page reads it: where to go next (the outbox ids stay with the unit). */
  const next = <T extends { next: string }>(answer: T) => ({ next: answer.next });

  app.get(
    '/api/application',
    { config: borrowerOnly, schema: { tags, response: { 200: applicationViewSchema } } },
    async (request) =>
      getApplication({
        openReadUnit: deps.openReadUnit,
        userId: await userId(request),
        cache: deps.applicationCache,
      }),
  );
  app.put(
    '/api/application/hardships',
    { config: borrowerOnly, schema: { tags, body: hardshipsSchema, response: { 200: nextSchema } } },
    async (request) => {
      const o = { userId: await userId(request), hardships: request.body };
      return openUnit((unit) => saveHardships(unit, o));
    },
  );
  app.put(
    '/api/application/household',
    { config: borrowerOnly, schema: { tags, body: householdSchema, response: { 200: nextSchema } } },
    async (request) =>
      saveHousehold({
        openUnit,
        openReadUnit: deps.openReadUnit,
        phoneLookup: deps.phoneLookup,
        userId: await userId(request),
        household: request.body,
      }),
  );
  app.put(
    '/api/application/credit',
    { config: borrowerOnly, schema: { tags, body: creditConsentSchema, response: { 200: nextSchema } } },
    async (request) =>
      next(
        await saveCredit({
          openUnit,
          creditBureau: deps.creditBureau,
          config,
          dayOf: deps.dayOf,
          userId: await userId(request),
          consent: request.body,
          evidence: evidenceOf(request),
          language: languageOfRequest(request),
        }),
      ),
  );
  // The spouse's own consent (spouse-consent.ts): where it stands, and the link emailed to the spouse.
  app.get(
    '/api/application/credit/spouse-consent',
    { config: borrowerOnly, schema: { tags, response: { 200: spouseConsentStatusViewSchema } } },
    async (request) => {
      const o = { userId: await userId(request) };
      return openUnit((unit) => spouseConsentStatus(unit, o));
    },
  );
  app.post(
    '/api/application/credit/spouse-consent/link',
    {
      // Each call emails the spouse: SPOUSE_CONSENT_LINKS_PER_DAY per application (counted in the database),
      // and per client address a budget for a few households behind one address, not for a sender of spam.
      config: { ...borrowerOnly, rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: { tags, body: sendSpouseConsentLinkSchema, response: { 200: spouseConsentStatusViewSchema } },
    },
    async (request) => {
      const o = { publicUrl, userId: await userId(request), email: request.body.email };
      return openUnit((unit) => sendSpouseConsentLink(unit, o));
    },
  );
  // The page the spouse opens from their link: no account, the token (in the body, never a URL) is the key.
  app.post(
    '/api/spouse-consent/view',
    {
      config: { role: 'public', ...tokenRateLimit },
      schema: { tags, body: spouseConsentTokenSchema, response: { 200: spouseConsentPageViewSchema } },
    },
    async (request) => openUnit((unit) => openSpouseConsentLink(unit, { token: request.body.token })),
  );
  app.post(
    '/api/spouse-consent',
    { config: { role: 'public', ...tokenRateLimit }, schema: { tags, body: spouseConsentSchema } },
    async (request, reply) => {
      const o = { token: request.body.token, fullName: request.body.fullName, evidence: evidenceOf(request) };
      await openUnit((unit) => giveSpouseConsentByLink(unit, o));
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/application/eligible-debts',
    { config: borrowerOnly, schema: { tags, response: { 200: eligibleDebtsViewSchema } } },
    async (request) => {
      const o = { userId: await userId(request) };
      return deps.openReadUnit((unit) => getEligibleDebts(unit, o));
    },
  );
  app.put(
    '/api/application/eligible-debts',
    { config: borrowerOnly, schema: { tags, body: eligibleDebtsSchema, response: { 200: nextSchema } } },
    async (request) => {
      const o = { config, userId: await userId(request), input: request.body };
      return next(await openUnit((unit) => saveEligibleDebts(unit, o)));
    },
  );
  app.post(
    '/api/application/eligible-debts/missing',
    {
      config: borrowerOnly,
      schema: { tags, body: missingDebtSchema, response: { 200: eligibleDebtsViewSchema } },
    },
    async (request) => {
      const o = { userId: await userId(request), input: request.body };
      return openUnit((unit) => addMissingDebt(unit, o));
    },
  );
  app.delete(
    '/api/application/eligible-debts/missing/:id',
    {
      config: borrowerOnly,
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        response: { 200: eligibleDebtsViewSchema },
      },
    },
    async (request) => {
      const o = { userId: await userId(request), debtId: request.params.id };
      return openUnit((unit) => removeMissingDebt(unit, o));
    },
  );
  app.put(
    '/api/application/income',
    { config: borrowerOnly, schema: { tags, body: provideIncomeSchema, response: { 200: nextSchema } } },
    async (request) => {
      const o = { config, userId: await userId(request), input: request.body };
      return next(await openUnit((unit) => saveIncome(unit, o)));
    },
  );
  app.put(
    '/api/application/viewed-page',
    { config: borrowerOnly, schema: { tags, body: viewedPageSchema } },
    async (request, reply) => {
      const o = { userId: await userId(request), page: request.body.page };
      await openUnit((unit) => recordViewedPage(unit, o));
      return reply.status(204).send();
    },
  );
  app.put(
    '/api/application/confirm-income',
    { config: borrowerOnly, schema: { tags, body: confirmIncomeSchema, response: { 200: nextSchema } } },
    async (request) => {
      const o = { userId: await userId(request), input: request.body };
      return openUnit((unit) => confirmIncome(unit, o));
    },
  );
  app.get(
    '/api/application/expenses',
    { config: borrowerOnly, schema: { tags, response: { 200: expensesViewSchema } } },
    async (request) => {
      const o = { userId: await userId(request) };
      return deps.openReadUnit((unit) => getExpenses(unit, o));
    },
  );
  app.put(
    '/api/application/expenses',
    { config: borrowerOnly, schema: { tags, body: saveExpensesSchema, response: { 200: nextSchema } } },
    async (request) => {
      const o = { config, userId: await userId(request), input: request.body, log: request.log };
      return next(await openUnit((unit) => saveExpenses(unit, o)));
    },
  );
  app.get(
    '/api/application/budget',
    { config: borrowerOnly, schema: { tags, response: { 200: budgetViewSchema } } },
    async (request) => {
      const o = { userId: await userId(request) };
      return openUnit((unit) => getBudget(unit, o));
    },
  );
  app.put(
    '/api/application/budget',
    { config: borrowerOnly, schema: { tags, body: budgetSchema, response: { 200: nextSchema } } },
    async (request) => {
      const o = { publicUrl, userId: await userId(request), input: request.body };
      return next(await openUnit((unit) => agreeToBudget(unit, o)));
    },
  );
  app.get(
    '/api/application/offers',
    { config: borrowerOnly, schema: { tags, response: { 200: offersViewSchema } } },
    async (request) => {
      const o = { userId: await userId(request) };
      return openUnit((unit) => getOffers(unit, o));
    },
  );
  app.post(
    '/api/application/offers/accept',
    { config: borrowerOnly, schema: { tags, body: acceptOffersSchema, response: { 200: nextSchema } } },
    async (request) => {
      const o = { userId: await userId(request), input: request.body };
      return openUnit((unit) => acceptOffers(unit, o));
    },
  );
  app.post(
    '/api/application/offers/leave-all-out',
    { config: borrowerOnly, schema: { tags, response: { 200: nextSchema } } },
    async (request) => {
      const o = { config, userId: await userId(request) };
      return next(await openUnit((unit) => leaveOutAllOffers(unit, o)));
    },
  );
  app.post(
    '/api/application/reapply',
    { config: borrowerOnly, schema: { tags, body: reapplySchema, response: { 200: nextSchema } } },
    async (request) => {
      const o = {
        userId: await userId(request),
        input: request.body,
        dayOf: deps.dayOf,
        waitingDays: config.reapplyWaitingDays,
      };
      return openUnit((unit) => reapply(unit, o));
    },
  );
  app.put(
    '/api/application/notify-when-eligible',
    { config: borrowerOnly, schema: { tags, body: notifyWhenEligibleSchema, response: { 200: nextSchema } } },
    async (request) => {
      const o = { config, userId: await userId(request), input: request.body };
      return next(await openUnit((unit) => saveNotifyWhenEligible(unit, o)));
    },
  );
  // The suggestions come from a vendor, asked outside any unit (nothing of ours is read or written).
  app.get(
    '/api/address-suggestions',
    {
      config: borrowerOnly,
      schema: {
        tags,
        querystring: addressSuggestionsQuerySchema,
        response: { 200: addressSuggestionsViewSchema },
      },
    },
    async (request) => ({
      suggestions: await deps.addressLookup.suggest(request.query.query, { limit: 5 }),
    }),
  );
};
