import { LANG_SWITCH_LABEL } from '../../shared/i18n/model';
import { lang, setLang, useMessages } from '../i18n';

interface LanguageSwitchProps {
  className?: string;
}

/**
 * Beside the theme toggle: shows the language it switches to ("বাংলা" in English mode, "English"
 * in Bangla mode), in that language. Switching re-renders in place: no reload, forms keep their input.
 */
export function LanguageSwitch({ className = '' }: LanguageSwitchProps) {
  const current = useMessages(lang);
  const other = current === 'en' ? 'bn' : 'en';
  return (
    <button type="button" lang={other} className={`lang-switch btn btn-ghost btn-sm px-2 font-semibold ${className}`} onClick={() => setLang(other)}>
      {LANG_SWITCH_LABEL[current]}
    </button>
  );
}
