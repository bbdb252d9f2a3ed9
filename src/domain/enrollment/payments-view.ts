import { z } from 'zod';

// GET /api/customer-portal/payments: what the borrower's money did after the hand-over, as the Payments page
// shows it (plan-payments.ts works it out). One schema for the server's answer and the page's reading of it.

const cents = z.number().int();
const day = z.string();

export const paymentToCreditorViewSchema = z.object({
  disbursementId: z.string(),
  /** The creditor as the plan names it; null when the agency did not say which. */
  creditorName: z.string().nullable(),
  amount: cents.nullable(),
  /** How it was sent: an electronic network (RPPS...) or a mailed check; null while not known. */
  method: z.enum(['electronic', 'check']).nullable(),
  status: z.enum(['sent', 'posted', 'rejected']),
  /** The proof: the network's trace number, or the check's number. */
  traceNumber: z.string().nullable(),
  checkNumber: z.string().nullable(),
  sentOn: day.nullable(),
  postedOn: day.nullable(),
  rejectedOn: day.nullable(),
});

export const paymentsViewSchema = z.object({
  /** The plan was handed over to the agency (it has an enrollment): its events can arrive. */
  handedOver: z.boolean(),
  /** The plan's first draft ('yyyy-MM-dd'), as its terms state it; null before it is set. */
  firstDraftDate: day.nullable(),
  /** Each draft, newest first, with the payments to creditors made from it; a group without a draft last. */
  months: z.array(
    z.object({
      draft: z
        .object({
          draftId: z.string(),
          status: z.enum(['scheduled', 'settled', 'returned']),
          amount: cents.nullable(),
          date: day.nullable(),
          settledOn: day.nullable(),
          returnedOn: day.nullable(),
          returnCode: z.string().nullable(),
          /** What the borrower can do about a returned draft (returnedDraftAction); null otherwise. */
          action: z.enum(['addMoney', 'newAccount', 'authorize', 'call']).nullable(),
        })
        .nullable(),
      payments: z.array(paymentToCreditorViewSchema),
    }),
  ),
});
export type PaymentsView = z.infer<typeof paymentsViewSchema>;
export type PaymentsMonthView = PaymentsView['months'][number];
export type PaymentToCreditorView = z.infer<typeof paymentToCreditorViewSchema>;
