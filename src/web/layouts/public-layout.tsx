import { navText } from '../components/texts';
import { useMessages } from '../i18n';
import type { MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar';

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // Move focus without touching the URL hash, which the router would treat as a navigation.
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** While a lazy page's code loads, the current page stays and a thin bar shows progress. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" aria-hidden="true" />;
}

export function PublicLayout() {
  const nav = useMessages(navText);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" onClick={skipToContent} className="skip-link btn btn-primary btn-sm">
        {nav.skipToContent}
      </a>
      <Navbar />
      <NavigationProgress />
      {/* At least a screen tall: the footer starts below the fold, so a page whose content
          arrives after its data loads does not push a visible footer down (layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
