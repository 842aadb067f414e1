import { DELETED_NAME_FIRST, DONATION_TEXTS } from '../../shared/donations-rules';
import { i18n } from '../i18n';

// The certificate verification page (/verify/:code) in English (issue 16): the specification's
// texts from src/shared/donations-rules.ts unchanged; the Bangla catalogue is
// src/web/i18n/bn/certificates.ts.

export const CERTIFICATES_TEXTS = {
  'certificates/verify': { ...DONATION_TEXTS.verify, deletedDonor: DELETED_NAME_FIRST },
};

export const verifyText = i18n('certificates/verify', CERTIFICATES_TEXTS['certificates/verify']);
