import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { passwordResetRequest } from '#server/db/schema/auth';
import type { Transaction } from '#server/unit-of-work';

/** The spec's rate-limit wait: too many reset requests lock the address for 15 minutes. */
export const RESET_WINDOW_MINUTES = 15;
export const MAX_RESET_REQUESTS_PER_WINDOW = 5;

/** The record of a request for a reset code, not sent yet: for a caller that sends it with its other writes. */
export const resetRequestWrite = (tx: Transaction, email: string) =>
  tx.insert(passwordResetRequest).values({ email });

export async function recordResetRequest(tx: Transaction, email: string) {
  await resetRequestWrite(tx, email);
}

/** Throws LimitExceededException when the address asked for too many links in the window. */
export async function assertResetAllowed(tx: Transaction, email: string, now = new Date()) {
  const since = new Date(now.getTime() - RESET_WINDOW_MINUTES * 60_000);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(passwordResetRequest)
    .where(and(eq(passwordResetRequest.email, email), gt(passwordResetRequest.createdAt, since)));
  if (Number(row?.count ?? 0) >= MAX_RESET_REQUESTS_PER_WINDOW) {
    throw new AppError('LimitExceededException', MESSAGE_REFS.limitExceeded);
  }
}
