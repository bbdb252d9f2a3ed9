/**
 * Runs reads one after another and answers their results in order, as Promise.all would. A transaction (or
 * any one pg client) runs one query at a time: several sent at once queue inside the driver, which pg warns
 * is deprecated and a future major refuses. Reads that may run on a transaction's client go through this.
 */
export async function inSequence<T extends readonly unknown[]>(
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
