import { z } from 'zod';
import type { BankLinkWebhook } from './port';

/**
 * A webhook body in Plaid's shape (the sandbox sends the same), as far as the app reads it: which notice,
 * about which item, and for transactions whether the whole history is in, for an item error its code.
 */
const webhookBody = z.object({
  webhook_type: z.string().min(1),
  webhook_code: z.string().min(1),
  item_id: z.string().nullish(),
  /** SYNC_UPDATES_AVAILABLE: whether the whole requested history is available. */
  historical_update_complete: z.boolean().nullish(),
  /** ITEM ERROR: the error (ITEM_LOGIN_REQUIRED…). */
  error: z.object({ error_code: z.string() }).nullish(),
});

/** The verified body's notice; null when it is not JSON of that shape. */
export function parseWebhookBody(rawBody: string): BankLinkWebhook | null {
  try {
    const parsed = webhookBody.safeParse(JSON.parse(rawBody));
    if (!parsed.success) return null;
    const { webhook_type, webhook_code, item_id, historical_update_complete, error } = parsed.data;
    return {
      webhookType: webhook_type,
      webhookCode: webhook_code,
      itemId: item_id ?? null,
      historicalUpdateComplete: historical_update_complete ?? null,
      errorCode: error?.error_code ?? null,
    };
  } catch {
    return null;
  }
}
