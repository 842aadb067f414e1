import { atom } from 'nanostores';
import { useMessages } from '.';
import { lang } from './lang';

// The shared schemas' and the API's messages in the current language (issue 16), for form errors
// and toasts: the same tables the server answers with (each feature's
// src/shared/<feature>/texts.bn.ts, found by src/shared/i18n/messages-bn.ts). It quotes the features'
// texts, so it is loaded in Bangla mode only when a first message is shown, never with a page. Messages from the server already come in the chosen language.

type Translate = (message: string) => string;

const english: Translate = (message) => message;
const translate = atom<Translate>(english);
let bangla: Translate | null = null;
let loading = false;

function loadBangla(): void {
  if (loading) return;
  loading = true;
  void import('../../shared/i18n/messages-bn')
    .then((m) => {
      bangla = m.messageInBangla;
      if (lang.get() === 'bn') translate.set(bangla);
    })
    .catch(() => {
      loading = false; // offline: English now, tried again at the next message
    });
}

lang.subscribe((code) => translate.set(code === 'bn' && bangla ? bangla : english));

/** `const message = useMessageText(); message(errors.name?.message)` shows a schema message in the current language. */
export function useMessageText(): (message: string | undefined) => string | undefined {
  const t = useMessages(translate);
  const code = useMessages(lang);
  return (message) => {
    if (message === undefined) return undefined;
    if (code === 'bn' && !bangla) loadBangla();
    return t(message);
  };
}
