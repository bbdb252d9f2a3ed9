import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The one date module (src/domain/calendar.ts, docs/decisions/0180-one-date-module.md) holds because
// eslint.config.js refuses day arithmetic written by hand anywhere else. Each refused case below is a copy the
// product once had (add-months, business days, a UTC "today", days between two days); the same code is allowed
// in the date module itself and in tests, and calling the module is allowed everywhere.

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the config and its plugins, which takes seconds on a busy machine.
beforeAll(async () => {
  await eslint.lintText('', { filePath: 'src/domain/calendar.ts' });
}, 120_000);

/** The one-date-module messages ESLint gives for `code` as if it were the file at `filePath`. */
async function dateErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('0180-one-date-module'))
    .map((m) => m.message);
}

const OLD_SHAPES = {
  addMonthsByDateUtc: `export function addMonths(date: string, months: number): string {
  const d = new Date(\`\${date}T00:00:00Z\`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate())).toISOString().slice(0, 10);
}
`,
  businessDaysBySetter: `export function onOrNextBusinessDay(date: string, ok: (d: string) => boolean): string {
  const d = new Date(date);
  while (!ok(d.toISOString().slice(0, 10))) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
`,
  utcToday: `export const today = (): string => new Date().toISOString().slice(0, 10);
`,
  localToday: `export const localToday = (): string => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
  return d.toISOString().slice(0, 10);
};
`,
  daysBetweenByParse: `export const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(\`\${to}T00:00:00Z\`) - Date.parse(\`\${from}T00:00:00Z\`)) / 86_400_000);
`,
  monthBySetter: `export function nextMonth(d: Date): Date {
  const next = new Date(d);
  next.setMonth(next.getMonth() + 1);
  return next;
}
`,
};

const PRODUCT_FILES = [
  'src/domain/enrollment/plan-terms.ts',
  'src/domain/monitoring/alert-rules.ts',
  'src/server/features/monitoring/raise-alerts.ts',
  'src/providers/credit-bureau/sandbox.ts',
  'src/web/features/service-portal/date-range-filter.tsx',
  'scripts/monitor.ts',
];

describe('day arithmetic outside the date module', () => {
  it.each(PRODUCT_FILES.flatMap((file) => Object.keys(OLD_SHAPES).map((shape) => [file, shape] as const)))(
    '%s: %s is refused',
    async (file, shape) => {
      const errors = await dateErrors(file, OLD_SHAPES[shape as keyof typeof OLD_SHAPES]);
      expect(errors.length).toBeGreaterThan(0);
    },
  );

  it.each(Object.keys(OLD_SHAPES))('%s is allowed in the date module itself and in a test', async (shape) => {
    const code = OLD_SHAPES[shape as keyof typeof OLD_SHAPES];
    expect(await dateErrors('src/domain/calendar.ts', code)).toEqual([]);
    expect(await dateErrors('src/domain/enrollment/plan-terms.test.ts', code)).toEqual([]);
    expect(await dateErrors('src/web/features/apply/credit-page.test.tsx', code)).toEqual([]);
  });

  it('allows the date module’s own functions, and instants that are not days', async () => {
    const code = `import { addBusinessDays, addMonths, dayIn, parseDay } from '#domain/calendar';
export const draft = (signed: string) => addMonths(addBusinessDays(signed, 5), 1);
export const agencyToday = (zone: string) => dayIn(new Date(), zone);
export const midnight = (day: string) => parseDay(day);
export const stamp = () => new Date().toISOString();
export const minute = (at: Date) => at.toISOString().slice(0, 16);
export const noon = (day: string) => new Date(\`\${day}T12:00:00Z\`);
`;
    for (const file of PRODUCT_FILES) expect(await dateErrors(file, code)).toEqual([]);
  });
});
