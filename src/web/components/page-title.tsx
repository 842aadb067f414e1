import { useMessages } from '../i18n';
import { brandText, commonText } from './texts';

/** React 19 hoists <title> into <head>; the last one rendered wins. */
export function PageTitle({ title }: { title: string }) {
  const t = useMessages(commonText);
  const brand = useMessages(brandText);
  return <title>{t.titleSuffix({ title, site: brand.name })}</title>;
}
