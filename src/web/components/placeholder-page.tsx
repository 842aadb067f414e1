import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../shared/site';
import { PageTitle } from './page-title';

interface PlaceholderPageProps {
  heading: string;
  children: ReactNode;
}

/** Stands in for a page whose feature is still being built, so every route resolves. */
export function PlaceholderPage({ heading, children }: PlaceholderPageProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <PageTitle title={heading} />
      <h1 className="text-3xl font-bold sm:text-4xl">{heading}</h1>
      <div className="mt-4 space-y-3 text-base-content/80">{children}</div>
      <p className="mt-8">
        <Link to={ROUTES.home} className="link link-primary">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
