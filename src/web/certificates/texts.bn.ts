import type { CERTIFICATES_TEXTS } from './texts';
import type { Catalogue } from '../i18n/catalogue';

// বাংলা: the certificate verification page. Terms follow docs/glossary.md.

export default {
  'certificates/verify': {
    title: 'সনদ যাচাই',
    checking: 'সনদটি যাচাই করা হচ্ছে…',
    genuine: 'এই সনদটি আসল।',
    donor: 'রক্তদাতা',
    date: 'রক্তদানের তারিখ',
    district: 'জেলা',
    deletedDonor: 'একজন রক্তদাতা',
    notFound: 'এই কোডের কোনো সনদ নেই। হয়তো কোডটি ভুল লেখা হয়েছে, অথবা সনদটি আসল নয়।',
    failed: 'সনদটি এখন যাচাই করা গেল না। পরে আবার চেষ্টা করুন।',
  },
} satisfies Catalogue<typeof CERTIFICATES_TEXTS>;
