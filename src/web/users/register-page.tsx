import { PAGE_HEADINGS } from '../../shared/site';
import { PlaceholderPage } from '../components/placeholder-page';

export function RegisterPage() {
  return (
    <PlaceholderPage heading={PAGE_HEADINGS.register}>
      <p>Registration as a blood donor will be available here.</p>
    </PlaceholderPage>
  );
}
