import { PAGE_HEADINGS } from '../../shared/site';
import { PlaceholderPage } from '../components/placeholder-page';

export function AllRequestsPage() {
  return (
    <PlaceholderPage heading={PAGE_HEADINGS.donationRequests}>
      <p>
        Pending blood requests from hospitals across Bangladesh will be listed here, with the
        recipient&apos;s name, district and upazila, and the date and time blood is needed.
      </p>
    </PlaceholderPage>
  );
}
