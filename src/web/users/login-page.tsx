import { PAGE_HEADINGS } from '../../shared/site';
import { PlaceholderPage } from '../components/placeholder-page';

export function LoginPage() {
  return (
    <PlaceholderPage heading={PAGE_HEADINGS.login}>
      <p>Sign-in with email and password, Google or GitHub will be available here.</p>
    </PlaceholderPage>
  );
}
