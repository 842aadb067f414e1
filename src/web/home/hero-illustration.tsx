/** A blood drop with a heartbeat line, drawn in SVG so the hero costs no image download. */
export function HeroIllustration() {
  return (
    <svg viewBox="0 0 240 260" className="h-auto w-40 sm:w-56 lg:w-72" aria-hidden="true" focusable="false">
      <circle cx="120" cy="150" r="104" className="fill-primary/10" />
      <path
        className="fill-primary"
        d="M120 22c-3 0-5.6 1.4-7.3 3.8C95 51 56 105 56 146a64 64 0 0 0 128 0c0-41-39-95-56.7-120.2A8.9 8.9 0 0 0 120 22Z"
      />
      <path
        fill="none"
        stroke="white"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M74 156h26l10-24 16 44 12-32 8 12h20"
      />
      <path fill="none" stroke="white" strokeOpacity=".55" strokeWidth="7" strokeLinecap="round" d="M86 110c-6 10-10 20-11 28" />
    </svg>
  );
}
