import { PAGE_HEADINGS } from '../../shared/site';
import { PlaceholderPage } from '../components/placeholder-page';

export function DashboardPage() {
  return (
    <PlaceholderPage heading={PAGE_HEADINGS.dashboard}>
      <p>Your profile and donation requests will be managed here once you are signed in.</p>
    </PlaceholderPage>
  );
}
