import { PAGE_HEADINGS } from '../../shared/site';
import { PlaceholderPage } from '../components/placeholder-page';

export function ViewBlogPage() {
  return (
    <PlaceholderPage heading={PAGE_HEADINGS.viewBlog}>
      <p>The full article will be shown here.</p>
    </PlaceholderPage>
  );
}
