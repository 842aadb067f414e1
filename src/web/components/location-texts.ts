import { i18n } from '../i18n';

// The division, district and upazila selects in English (issue 16), beside them in the chunk of the
// pages that have them; the Bangla texts are in the frame's catalogue (src/web/components/texts.bn.ts).

export const LOCATION_TEXTS = {
  'site/location': {
    division: 'Division',
    district: 'District',
    upazila: 'Upazila',
    selectDivision: 'Select Division',
    selectDistrict: 'Select District',
    selectUpazila: 'Select Upazila',
  },
};

export const locationText = i18n('site/location', LOCATION_TEXTS['site/location']);
