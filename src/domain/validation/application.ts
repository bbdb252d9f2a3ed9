import { z } from 'zod';
import { textField } from './fields';
import { MESSAGES } from './messages';

// Application-flow forms (spec doc 1 section 2.3, doc 2 section 5).

export const HARDSHIP_KEYS = [
  'hasHousingIssues',
  'hasIncreasedMedicalExpenses',
  'hasReductionInIncome',
  'isUnemployed',
  'other',
] as const;
export type HardshipKey = (typeof HARDSHIP_KEYS)[number];

/** Checkbox labels of /hardships, in display order. */
export const HARDSHIP_LABELS = {
  hasHousingIssues: 'Housing issues (repairs, foreclosure or eviction)',
  hasIncreasedMedicalExpenses: 'Increased medical expenses',
  hasReductionInIncome: 'Reduction in income',
  isUnemployed: 'Unemployment',
  other: 'Other',
} as const satisfies Record<HardshipKey, string>;

export const HARDSHIPS_QUESTION = 'Are you currently facing any of the following situations?';

/**
 * Each hardship ticked or not (missing means not ticked). 'Please select at least one option.' sits on the
 * first checkbox, so a form focuses it and shows the message under the group.
 */
export const hardshipsSchema = z
  .strictObject({
    hasHousingIssues: z.boolean().default(false),
    hasIncreasedMedicalExpenses: z.boolean().default(false),
    hasReductionInIncome: z.boolean().default(false),
    isUnemployed: z.boolean().default(false),
    other: z.boolean().default(false),
  })
  .refine((v) => HARDSHIP_KEYS.some((key) => v[key]), {
    error: MESSAGES.hardshipRequired,
    path: [HARDSHIP_KEYS[0]],
  });
export type HardshipsInput = z.input<typeof hardshipsSchema>;
export type Hardships = z.output<typeof hardshipsSchema>;

/** Campaign fields stored on the application, with the query parameter each comes from. */
export const UTM_FIELDS = [
  { field: 'utmCampaign', param: 'utm_campaign' },
  { field: 'utmContent', param: 'utm_content' },
  { field: 'utmMedium', param: 'utm_medium' },
  { field: 'utmSource', param: 'utm_source' },
  { field: 'utmTerm', param: 'utm_term' },
] as const;
export type UtmField = (typeof UTM_FIELDS)[number]['field'];

export const utmSchema = z.strictObject({
  utmCampaign: textField('utmCampaign', { optional: true }),
  utmContent: textField('utmContent', { optional: true }),
  utmMedium: textField('utmMedium', { optional: true }),
  utmSource: textField('utmSource', { optional: true }),
  utmTerm: textField('utmTerm', { optional: true }),
});
export type UtmInput = z.infer<typeof utmSchema>;

/** Reads the utm_* query parameters, cut to the stored length (a link must never break the flow). */
export function utmFromSearchParams(params: URLSearchParams): UtmInput {
  const result: UtmInput = {};
  for (const { field, param } of UTM_FIELDS) {
    const value = params.get(param)?.trim();
    if (value) result[field] = value.slice(0, 100);
  }
  return result;
}
