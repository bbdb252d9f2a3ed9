import { RouterProvider } from 'react-router';
import type { AppRouter } from './router';

/** The web app: the router and its screens. The query cache is a layout inside it (query-layout.tsx). */
export function App({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
