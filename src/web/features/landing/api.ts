import type { LeadInput } from '#domain/validation/account';
import type { UtmInput } from '#domain/validation/application';
import { api } from '#web/lib/api';

// The landing pages' one server call.

/** The lead form: creates the account and signs the visitor in; answers where the application starts. */
export const createLead = (body: LeadInput & { utm: UtmInput }) =>
  api<{ next: string }>('/api/lead', { method: 'POST', body });
