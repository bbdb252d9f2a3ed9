import type { FastifyInstance } from 'fastify';

/** How often, while the server drains, connections that went idle are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * Closing the app (SIGTERM, see main.ts) stops accepting connections and lets the requests in flight finish;
 * Fastify then waits for every connection to end. A keep-alive connection whose request finishes during the
 * drain would otherwise stay open until its keep-alive timeout (72 s), past the shutdown's grace delay, and
 * the process would be killed instead of exiting cleanly. So from the start of the close every answer says
 * `Connection: close`, and connections that went idle in between are closed as the drain goes on.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // An app that never listened (tests inject requests) has no connections to drain.
    if (!app.server.listening) return;
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
