import { DELETED_NAME_FIRST, DONATION_TEXTS } from '../../shared/donations/texts';
import { i18n } from '../i18n';

// The certificate verification page (/verify/:code) in English (issue 16): the specification's
// texts from src/shared/donations/texts.ts unchanged; the Bangla catalogue is
// src/web/certificates/texts.bn.ts.

export const CERTIFICATES_TEXTS = {
  'certificates/verify': { ...DONATION_TEXTS.verify, deletedDonor: DELETED_NAME_FIRST },
};

export const verifyText = i18n('certificates/verify', CERTIFICATES_TEXTS['certificates/verify']);
