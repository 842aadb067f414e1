import type { SitePage } from '../../shared/contact/model';
import { PageTitle } from '../components/page-title';
import { Spinner } from '../components/spinner';
import { lang, useMessages } from '../i18n';
import { useSitePage } from './api';
import { PolicyText } from './policy-text';
import { legalText } from './texts';

/**
 * /privacy and /terms (issue 38): the operator's text when SITE_PRIVACY_FILE / SITE_TERMS_FILE is
 * set (its `.bn` file in Bangla mode, when there is one), else the site's own in both languages.
 */
export function LegalPage({ page, title, body }: { page: SitePage; title: string; body: string }) {
  const t = useMessages(legalText);
  const code = useMessages(lang);
  const custom = useSitePage(page);
  const operatorText = custom.data ? ((code === 'bn' ? custom.data.bnText : null) ?? custom.data.text) : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <PageTitle title={title} />
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      {custom.isPending ? <Spinner label={t.loading} /> : <PolicyText text={operatorText ?? body} />}
    </article>
  );
}
