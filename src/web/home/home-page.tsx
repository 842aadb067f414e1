import { DOCUMENT_TITLE } from '../../shared/site';
import { BannerSection } from './banner-section';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';

export function HomePage() {
  return (
    <>
      <title>{DOCUMENT_TITLE}</title>
      <HeroSection />
      <BannerSection />
      <ContactSection />
    </>
  );
}
