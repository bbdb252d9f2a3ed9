import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#domain/errors';
import { MESSAGE_REFS } from '#domain/validation/messages';
import type { Db } from '../db/client';
import { idempotencyKey } from '../db/schema/ops';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A creating route: an `Idempotency-Key` header makes a retried request answer the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyRowId?: string;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 200;
/** Keys are remembered this long; older rows are pruned as new ones arrive. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Idempotency for routes that declare `config.idempotent`: the first request with a key
 * claims it (a row with no answer yet), runs, and stores its 2xx answer; the same key from the same person on
 * the same route answers that stored answer again, a duplicate arriving while the first runs gets 409, and a
 * failed first attempt frees the key for a retry. Requests without the header are not affected.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Db }) {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (typeof raw !== 'string' || raw === '') return;
    const key = raw.trim();
    if (key === '' || key.length > MAX_KEY_LENGTH) {
      throw new AppError('ValidationError', MESSAGE_REFS.idempotencyKeyInvalid);
    }
    const actorId = (await request.viewer())?.userId ?? '';
    const route = `${request.method} ${request.routeOptions.url}`;
    await deps.db
      .delete(idempotencyKey)
      .where(lt(idempotencyKey.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)));
    const [claimed] = await deps.db
      .insert(idempotencyKey)
      .values({ key, actorId, route, url: request.url })
      .onConflictDoNothing()
      .returning({ id: idempotencyKey.id });
    if (claimed) {
      request.idempotencyRowId = claimed.id;
      return;
    }
    const [stored] = await deps.db
      .select()
      .from(idempotencyKey)
      .where(
        and(
          eq(idempotencyKey.key, key),
          eq(idempotencyKey.actorId, actorId),
          eq(idempotencyKey.route, route),
        ),
      );
    if (!stored || stored.status === null) throw new AppError('Conflict', MESSAGE_REFS.idempotencyInProgress);
    if (stored.url !== request.url) {
      throw new AppError('ValidationError', MESSAGE_REFS.idempotencyKeyReused);
    }
    reply.header('idempotent-replayed', 'true');
    return reply.status(stored.status).send(stored.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyRowId;
    if (!id) return payload;
    request.idempotencyRowId = undefined;
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      const body = typeof payload === 'string' && payload !== '' ? (JSON.parse(payload) as unknown) : null;
      await deps.db
        .update(idempotencyKey)
        .set({ status: reply.statusCode, body })
        .where(eq(idempotencyKey.id, id));
    } else {
      // Nothing was created: the same key may be tried again.
      await deps.db.delete(idempotencyKey).where(eq(idempotencyKey.id, id));
    }
    return payload;
  });
}
