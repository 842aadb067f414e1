import { BLOOD_GROUP_PLACEHOLDER } from '../../../shared/matching/texts';
import { IMAGE_ERROR_TEXT, IMAGE_ERROR_TITLE } from '../../../shared/images/texts';
import { fill, i18n } from '../../i18n';

// The shared form parts' English texts (issue 16): the picture picker and the form fields. Apart from the frame's texts (../texts.ts) so the home page does not load them;
// their Bangla is in the frame's catalogue, src/web/components/texts.bn.ts.

export const FORM_TEXTS = {
  'site/picker': {
    choose: 'Choose a picture',
    change: 'Choose another picture',
    noFile: 'No picture chosen',
    keepCurrent: 'The current picture stays until you choose another',
    errorTitle: IMAGE_ERROR_TITLE,
    errorText: IMAGE_ERROR_TEXT,
    ok: 'OK',
  },
  /** The form fields (form/form-fields.tsx): the password show/hide button and the blood group select. */
  'site/form': {
    show: fill('Show {what}'),
    hide: fill('Hide {what}'),
    password: 'password',
    bloodGroup: 'Blood Group',
    bloodGroupPlaceholder: BLOOD_GROUP_PLACEHOLDER,
    /** The date and time selects of Bangla mode (date-time-inputs.tsx); English mode shows the browser's own fields. */
    chooseTime: 'Choose a time',
    day: 'Day',
    month: 'Month',
    year: 'Year',
  },
};

export const pickerText = i18n('site/picker', FORM_TEXTS['site/picker']);
export const formText = i18n('site/form', FORM_TEXTS['site/form']);
