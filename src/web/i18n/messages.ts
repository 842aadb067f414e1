import { atom } from 'nanostores';
import { useMessages } from '.';
import { lang } from './lang';

// The shared schemas' and the API's messages in the current language (issue 16), for form errors
// and toasts: the same table the server answers with (src/shared/messages-bn.ts), loaded only
// in Bangla mode. Messages from the server already come in the chosen language.

type Translate = (message: string) => string;

const english: Translate = (message) => message;
const translate = atom<Translate>(english);

lang.subscribe((code) => {
  if (code === 'en') translate.set(english);
  else void import('../../shared/messages-bn').then((m) => lang.get() === 'bn' && translate.set(m.messageInBangla));
});

/** `const message = useMessageText(); message(errors.name?.message)` shows a schema message in the current language. */
export function useMessageText(): (message: string | undefined) => string | undefined {
  const t = useMessages(translate);
  return (message) => (message === undefined ? undefined : t(message));
}
