import { clsx } from 'clsx';
import type { Language } from '#domain/i18n/language';
import { BORROWER_LANGUAGES, LANGUAGE_LABELS, languageFilterIsOpen } from '#domain/service-portal/filters';

// The borrower's language in the service portal. The portal stays in English, so it names languages in
// English ('Spanish'). Only Spanish speakers get a badge: most borrowers speak English, and a badge on every
// tile would hide the few a counsellor must route to a Spanish-speaking colleague.

/** 'Spanish' beside a Spanish speaker's name; nothing for English (the usual case). */
export function LanguageBadge({ language, className }: { language: Language; className?: string }) {
  if (language === 'en') return null;
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-teal-900 ring-1 ring-teal-300 ring-inset',
        className,
      )}
      title={`Preferred language: ${LANGUAGE_LABELS[language]}`}
    >
      {LANGUAGE_LABELS[language]}
    </span>
  );
}

type Choice = 'all' | Language;

/** The radio a language list stands for: both (or neither, refused elsewhere) is All. */
const choiceOf = (ticked: readonly Language[]): Choice =>
  languageFilterIsOpen(ticked) || ticked.length !== 1 ? 'all' : ticked[0]!;

const CHOICES: readonly Choice[] = ['all', ...BORROWER_LANGUAGES];
const CHOICE_LABELS: Record<Choice, string> = { all: 'All', ...LANGUAGE_LABELS };

/**
 * All / English / Spanish. In the URL and the API it is the `language` option list like every other filter
 * (absent = both, 'es' = Spanish only); a radio group here, since exactly one of the three always applies.
 */
export function LanguageFilter({
  selected,
  onChange,
  className,
}: {
  selected: readonly Language[];
  onChange: (next: Language[]) => void;
  className?: string;
}) {
  const current = choiceOf(selected);
  return (
    <fieldset className={clsx('min-w-0', className)}>
      <legend className="text-sm font-medium text-gray-800">Preferred language</legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {CHOICES.map((choice) => (
          <label key={choice} className="flex min-h-9 items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="language"
              className="size-4 shrink-0 border-gray-400 accent-brand-600"
              checked={current === choice}
              onChange={() => onChange(choice === 'all' ? [...BORROWER_LANGUAGES] : [choice])}
            />
            {CHOICE_LABELS[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
