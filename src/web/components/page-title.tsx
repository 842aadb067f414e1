import { SITE_NAME } from '../../shared/site';

/** React 19 hoists <title> into <head>; the last one rendered wins. */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} | ${SITE_NAME}`}</title>;
}
