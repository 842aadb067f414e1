// The site's name and description in Bangla (issue 16), for the Bangla web app manifest (built by
// vite.config.ts) and the Bangla catalogue of the site's frame (src/web/components/texts.bn.ts). Never
// imported by code an English visit loads.

export const SITE_NAME_BN = 'ব্লাড ডোনেশন';
export const TAGLINE_BN = 'একেকটি রক্তদানে বাঁচে একেকটি জীবন';
/** The home page's title (DOCUMENT_TITLE in English), also the first paint's <title> of a Bangla visit (spa.ts). */
export const DOCUMENT_TITLE_BN = `${SITE_NAME_BN} — ${TAGLINE_BN}`;
export const SITE_DESCRIPTION_BN =
  'রক্তের গ্রুপ আর এলাকা দিয়ে বাংলাদেশের রক্তদাতা খুঁজুন, জরুরি রক্তের অনুরোধ দিন, আর আপনার কাছাকাছি কারও আপনার গ্রুপের রক্ত লাগলে সতর্কবার্তা পান।';
