import { FormattedMessage } from 'react-intl';
import { LockIcon } from './icons';

export function SecurityBanner() {
  return (
    <section aria-labelledby="security-heading" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-6 sm:flex-row sm:items-center sm:p-8">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
            <LockIcon className="size-7" />
          </span>
          <div>
            <h2 id="security-heading" className="text-xl font-bold text-gray-900">
              <FormattedMessage id="lead.security.title" defaultMessage="Your information is safe" />
            </h2>
            <p className="mt-1 text-gray-700">
              <FormattedMessage
                id="lead.security.text"
                defaultMessage="We protect your data with 256-bit SSL encryption, and we never share your information without your authorization."
              />
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
