import { passwordChecklist } from '#domain/validation/format';

/** The live list of password rules, ticked as they are met. */
export function PasswordChecklist({ id, password }: { id?: string; password: string | undefined }) {
  const rules = passwordChecklist(password);
  return (
    <div id={id} className="rounded-md bg-gray-50 px-4 py-3 text-sm">
      <p className="font-medium text-gray-800">Your password must have:</p>
      <ul className="mt-2 space-y-1">
        {rules.map((rule) => (
          <li
            key={rule.key}
            data-rule={rule.key}
            data-met={rule.met}
            className={`flex items-start gap-2 ${rule.met ? 'text-brand-800' : 'text-gray-700'}`}
          >
            <span
              aria-hidden="true"
              className={`mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded-full text-[10px] font-bold ${
                rule.met ? 'bg-brand-600 text-white' : 'border border-gray-400'
              }`}
            >
              {rule.met ? '✓' : ''}
            </span>
            <span>
              {rule.label}
              <span className="sr-only">{rule.met ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
