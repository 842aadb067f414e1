import { useParams } from 'react-router';
import { PAGE_HEADINGS } from '../../shared/site';
import { PlaceholderPage } from '../components/placeholder-page';

export function RequestDetailsPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage heading={PAGE_HEADINGS.requestDetails}>
      <p>
        The details of request <span className="font-mono">{id}</span> (recipient, hospital, donation
        time and requester) will be shown here to signed-in donors.
      </p>
    </PlaceholderPage>
  );
}
