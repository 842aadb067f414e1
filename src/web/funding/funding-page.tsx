import { PAGE_HEADINGS } from '../../shared/site';
import { PlaceholderPage } from '../components/placeholder-page';

export function FundingPage() {
  return (
    <PlaceholderPage heading={PAGE_HEADINGS.funding}>
      <p>Support for the organisation&apos;s work will be possible here.</p>
    </PlaceholderPage>
  );
}
