import { useMessages } from '../i18n';
import { LegalPage } from './legal-view';
import { termsPageText } from './texts';

/** /terms: the rules of using the site (issue 38). */
export function TermsPage() {
  const t = useMessages(termsPageText);
  return <LegalPage page="terms" title={t.title} body={t.body} />;
}
