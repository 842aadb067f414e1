import type { ReactNode } from 'react';
import { PageTitle } from '../../components/page-title';

/**
 * The page's one h1, its document title, a line of explanation and optional actions beside it.
 * `back` (a "← Back" link) sits above the heading, at its left edge, on every screen width.
 */
export function PageHeader({
  title,
  heading,
  children,
  actions,
  back,
}: {
  title: string;
  heading?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <PageTitle title={title} />
      {back && <div className="-mb-2 w-full">{back}</div>}
      <div className="min-w-0">
        <h1 className="text-2xl font-bold sm:text-3xl">{heading ?? title}</h1>
        {children && <div className="mt-1 text-base-content/80">{children}</div>}
      </div>
      {actions}
    </header>
  );
}
