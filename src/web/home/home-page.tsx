import { brandText } from '../components/texts';
import { useMessages } from '../i18n';
import { BannerSection } from './banner-section';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';

export function HomePage() {
  const brand = useMessages(brandText);
  return (
    <>
      <title>{brand.title}</title>
      <HeroSection />
      <BannerSection />
      <ContactSection />
    </>
  );
}
