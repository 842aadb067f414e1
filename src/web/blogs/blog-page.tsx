import { PAGE_HEADINGS } from '../../shared/site';
import { PlaceholderPage } from '../components/placeholder-page';

export function BlogPage() {
  return (
    <PlaceholderPage heading={PAGE_HEADINGS.blog}>
      <p>Articles about blood donation, eligibility and donor stories will be published here.</p>
    </PlaceholderPage>
  );
}
