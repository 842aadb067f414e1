import { useMessages } from '../i18n';
import { commonText, pagesText } from './texts';
import { Link } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { PageTitle } from './page-title';

export function NotFoundPage() {
  const PAGE_HEADINGS = useMessages(pagesText);
  const t = useMessages(commonText);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <PageTitle title={PAGE_HEADINGS.notFound} />
      <p className="text-6xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{PAGE_HEADINGS.notFound}</h1>
      <p className="mt-3 text-base-content/80">
        {t.notFoundText}
      </p>
      <Link to={pathTo('home')} className="btn btn-primary mt-8">
        {t.goHome}
      </Link>
    </section>
  );
}
