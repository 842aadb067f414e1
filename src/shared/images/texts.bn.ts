// বাংলা: The uploads' messages (issue 16), under the keys of the English ones in texts.ts: a
// message's id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts
// finds them. Terms follow docs/glossary.md.

import type { IMAGE_MESSAGES } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const IMAGE_MESSAGES_BN = {
  notFound: 'এমন কোনো ছবি নেই',
  unknownPicture: 'অজানা ছবি',
  empty: 'ছবিটি খালি',
  field: 'ছবিটি "image" ঘরে পাঠান',
  multipart: 'ছবিটি multipart/form-data হিসেবে "image" ঘরে পাঠান',
  types: 'শুধু JPEG, PNG বা GIF ছবি নেওয়া হয়',
  tooLarge: 'ছবিটি প্রক্রিয়া করার জন্য খুব বড়',
  unreadable: 'ছবিটি পড়া গেল না: হয়তো নষ্ট বা অসম্পূর্ণ',
  usePicker: 'আগে ছবি বাছাইয়ের বোতাম দিয়ে ছবিটি আপলোড করুন',
} satisfies BanglaOf<typeof IMAGE_MESSAGES>;
