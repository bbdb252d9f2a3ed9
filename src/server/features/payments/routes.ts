import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import {
  bankConnectionSchema,
  bankHistoryViewSchema,
  bankReconnectionViewSchema,
  chooseDraftDaySchema,
  confirmPaymentAccountSchema,
  incomeConnectionViewSchema,
  linkTokenViewSchema,
  paymentAccountsViewSchema,
  provideManuallySchema,
  providePaymentAccountSchema,
  sandboxAccountsViewSchema,
  sandboxCompleteSchema,
  sandboxInstitutionsViewSchema,
  sandboxPublicTokenViewSchema,
  sandboxSignInSchema,
  skipBankConnectionSchema,
} from '#domain/enrollment/views';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { SandboxBankLoginRefusal } from '#providers/bank-link/sandbox';
import type { PaymentsDeps } from './deps';
import { readBankHistory } from './bank-history';
import { connectBank } from './connect-bank';
import { createLinkToken } from './link-token';
import { createReconnectLinkToken, reconnectBank } from './reconnect-bank';
import {
  chooseDraftDay,
  chooseManualEntry,
  confirmPaymentAccount,
  continueFromNextSteps,
  listPaymentAccounts,
  providePaymentAccount,
  skipIncomeConnection,
} from './payment-account';

const next = z.object({ next: z.string() });
const borrowerOnly = { role: 'borrower' } as const;
const tags = ['payments'];

/**
 * The payment pages (/payments/...): next steps, connecting a bank (through the provider's widget, or the
 * built-in sandbox dialog), choosing the payment account or entering one, then the Letter of Authorization.
 * Each route opens units of work; the bank link is asked outside them (deps.ts).
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentsDeps> = async (app, deps) => {
  const { openUnit, letter } = deps;
  const userId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;
  /**
   * The payment account is saved. With the job queue, the save's own unit queued the letter: the answer does
   * not wait for it. Without one (the API's tests), the letter is sent here, after the unit; a failure is
   * retried by /submitted.
   */
  const thenSign = async (
    saved: { next: string; applicationId: string; letterQueued: boolean },
    log: FastifyBaseLogger,
  ) => {
    if (saved.letterQueued) return { next: saved.next };
    try {
      await letter.send(saved.applicationId, log);
    } catch (error) {
      log.error(
        { err: error, applicationId: saved.applicationId },
        'sending the letter of authorization failed',
      );
    }
    return { next: saved.next };
  };

  app.post(
    '/api/application/payments/next-steps',
    { config: borrowerOnly, schema: { tags, response: { 200: next } } },
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) => continueFromNextSteps(unit, { userId: id }));
    },
  );
  app.put(
    '/api/application/payments/manual-choice',
    { config: borrowerOnly, schema: { tags, body: provideManuallySchema, response: { 200: next } } },
    async (request) => {
      const id = await userId(request);
      const reason = request.body.reasonForNotConnectingBank;
      return openUnit((unit) => chooseManualEntry(unit, { userId: id, reason }));
    },
  );
  app.post(
    '/api/bank-link/link-token',
    { config: borrowerOnly, schema: { tags, response: { 200: linkTokenViewSchema } } },
    async (request) => createLinkToken(deps, { userId: await userId(request) }),
  );
  // The customer portal reconnects a bank connection that stopped (its disconnection alert offers it).
  const itemParams = z.object({ id: z.uuid() });
  app.post(
    '/api/bank-link/items/:id/link-token',
    { config: borrowerOnly, schema: { tags, params: itemParams, response: { 200: linkTokenViewSchema } } },
    async (request) =>
      createReconnectLinkToken(deps, { userId: await userId(request), itemId: request.params.id }),
  );
  app.post(
    '/api/bank-link/items/:id/reconnection',
    {
      config: borrowerOnly,
      schema: {
        tags,
        params: itemParams,
        body: bankConnectionSchema,
        response: { 200: bankReconnectionViewSchema },
      },
    },
    async (request) =>
      reconnectBank(deps, {
        userId: await userId(request),
        itemId: request.params.id,
        publicToken: request.body.publicToken,
      }),
  );
  app.post(
    '/api/application/bank-connections',
    { config: borrowerOnly, schema: { tags, body: bankConnectionSchema, response: { 200: next } } },
    async (request) => {
      const connected = await connectBank(deps, {
        userId: await userId(request),
        publicToken: request.body.publicToken,
        step: 'payments',
      });
      return { next: connected.next };
    },
  );
  app.post(
    '/api/application/income/bank-connections',
    {
      config: borrowerOnly,
      schema: { tags, body: bankConnectionSchema, response: { 200: incomeConnectionViewSchema } },
    },
    async (request) =>
      connectBank(deps, {
        userId: await userId(request),
        publicToken: request.body.publicToken,
        step: 'income',
      }),
  );
  app.get(
    '/api/application/income/bank-history',
    { config: borrowerOnly, schema: { tags, response: { 200: bankHistoryViewSchema } } },
    async (request) => readBankHistory(deps, { userId: await userId(request), log: request.log }),
  );
  app.put(
    '/api/application/income/skip-bank-connection',
    { config: borrowerOnly, schema: { tags, body: skipBankConnectionSchema } },
    async (request, reply) => {
      const id = await userId(request);
      const reason = request.body.reasonForNotConnectingBank;
      await openUnit((unit) => skipIncomeConnection(unit, { userId: id, reason }));
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/application/payments/accounts',
    { config: borrowerOnly, schema: { tags, response: { 200: paymentAccountsViewSchema } } },
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) => listPaymentAccounts(unit, { userId: id }));
    },
  );
  app.put(
    '/api/application/payments/draft-day',
    {
      config: borrowerOnly,
      schema: {
        tags,
        body: chooseDraftDaySchema,
        response: { 200: z.object({ draftDay: z.number().int() }) },
      },
    },
    async (request) => {
      const id = await userId(request);
      const { draftDay } = request.body;
      return openUnit((unit) => chooseDraftDay(unit, { userId: id, draftDay }));
    },
  );
  app.put(
    '/api/application/payments/confirm-payment-account',
    { config: borrowerOnly, schema: { tags, body: confirmPaymentAccountSchema, response: { 200: next } } },
    async (request) => {
      const id = await userId(request);
      const { plaidAccountId } = request.body;
      const saved = await openUnit((unit) => confirmPaymentAccount(unit, { userId: id, plaidAccountId }));
      return thenSign(saved, request.log);
    },
  );
  app.put(
    '/api/application/payments/payment-account',
    { config: borrowerOnly, schema: { tags, body: providePaymentAccountSchema, response: { 200: next } } },
    async (request) => {
      const id = await userId(request);
      const { accountNumber, routingNumber } = request.body;
      const saved = await openUnit((unit) =>
        providePaymentAccount(unit, { userId: id, accountNumber, routingNumber }),
      );
      return thenSign(saved, request.log);
    },
  );

  // The built-in sandbox dialog stands in for the provider's widget; these exist only with the sandbox.
  const sandbox = deps.bankLinkSandbox;
  if (sandbox) {
    app.get(
      '/api/bank-link/sandbox/institutions',
      { config: borrowerOnly, schema: { tags, response: { 200: sandboxInstitutionsViewSchema } } },
      async () => ({ institutions: sandbox.institutions() }),
    );
    app.post(
      '/api/bank-link/sandbox/sign-in',
      {
        config: borrowerOnly,
        schema: { tags, body: sandboxSignInSchema, response: { 200: sandboxAccountsViewSchema } },
      },
      async (request) => {
        try {
          return { accounts: await sandbox.signIn(request.body) };
        } catch (error) {
          throw sandboxRefusal(error);
        }
      },
    );
    app.post(
      '/api/bank-link/sandbox/public-token',
      {
        config: borrowerOnly,
        schema: { tags, body: sandboxCompleteSchema, response: { 200: sandboxPublicTokenViewSchema } },
      },
      async (request) => {
        try {
          return { publicToken: await sandbox.createPublicToken(request.body) };
        } catch (error) {
          throw sandboxRefusal(error);
        }
      },
    );
  }
};

/**
 * The bank sandbox's refusal as a 400: a wrong username or password by its id, which the borrower reads in their
 * language. Its other refusals (a link token not valid, an account not offered) are faults of the page or of a
 * developer trying the sandbox out, which stands in for the bank's own screen; their English is passed as is.
 */
function sandboxRefusal(error: unknown): AppError {
  if (error instanceof SandboxBankLoginRefusal) {
    return new AppError('ProviderError', MESSAGE_REFS.bankLoginIncorrect, { status: 400 });
  }
  return new AppError('ProviderError', error instanceof Error ? error.message : undefined, { status: 400 });
}
