import { PAGE_HEADINGS } from '../../shared/site';
import { PlaceholderPage } from '../components/placeholder-page';

export function SearchDonorsPage() {
  return (
    <PlaceholderPage heading={PAGE_HEADINGS.searchDonors}>
      <p>
        Search registered donors by blood group, division, district and upazila. The search form
        will appear here.
      </p>
    </PlaceholderPage>
  );
}
