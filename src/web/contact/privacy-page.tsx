import { useMessages } from '../i18n';
import { LegalPage } from './legal-view';
import { privacyPageText } from './texts';

/** /privacy: what the site stores and who sees it (issue 38). */
export function PrivacyPage() {
  const t = useMessages(privacyPageText);
  return <LegalPage page="privacy" title={t.title} body={t.body} />;
}
