import { Link } from 'react-router';
import { useDocumentTitle } from './use-document-title';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-gray-700">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
      >
        Go to the home page
      </Link>
    </div>
  );
}
