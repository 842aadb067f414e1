import { banglaDigits, lang, useMessages } from '../i18n';
import { useSiteInfo } from './site-api';

/** The operator's helpline (SITE_HELPLINE), in the reader's digits; nothing when it is not set. */
export function HelplineLink({ className }: { className?: string }) {
  const site = useSiteInfo();
  const code = useMessages(lang);
  const helpline = site.data?.helpline;
  if (!helpline) return null;
  return (
    <a href={`tel:${helpline.tel}`} className={className}>
      {code === 'bn' ? banglaDigits(helpline.display) : helpline.display}
    </a>
  );
}
