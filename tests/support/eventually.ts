/**
 * Retries a check until it passes or `ms` have passed. For what another program's change reaches a server
 * through: the database announces a changed row to every server a moment after the commit
 * (src/server/plugins/read-cache.ts), so a test that changes rows directly waits for the announcement.
 */
export async function eventually<T>(check: () => Promise<T>, ms = 3_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
