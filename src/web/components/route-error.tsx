import { useMessages } from '../i18n';
import { commonText, pagesText } from './texts';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { NotFoundPage } from './not-found-page';
import { PageTitle } from './page-title';

function isChunkLoadError(error: unknown): boolean {
  // After a deploy, an open tab may ask for a page chunk that no longer exists.
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

interface RouteErrorProps {
  /** True for the root route, whose layout did not render: bring our own <main>. */
  standalone?: boolean;
}

/** The `errorElement` of the routes: a crash in a page or its loader lands here. */
export function RouteError({ standalone = false }: RouteErrorProps) {
  const error = useRouteError();
  const PAGE_HEADINGS = useMessages(pagesText);
  const t = useMessages(commonText);
  const content =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFoundPage />
    ) : (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <PageTitle title={PAGE_HEADINGS.error} />
        <h1 className="text-3xl font-bold">{PAGE_HEADINGS.error}</h1>
        <p className="mt-3 text-base-content/80">
          {isChunkLoadError(error)
            ? t.newVersion
            : t.crashed}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t.reload}
          </button>
          <Link to={pathTo('home')} className="btn btn-outline" reloadDocument={standalone}>
            {t.goHome}
          </Link>
        </div>
      </section>
    );
  return standalone ? (
    <main id="main" className="min-h-dvh">
      {content}
    </main>
  ) : (
    content
  );
}
