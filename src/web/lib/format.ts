import { INTL_LOCALE, type Lang } from '../../shared/i18n/model';

// Money and dates as people in Bangladesh read them: "৳1,850.50", "5 Mar 2026".

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in the currency's major unit (taka), e.g. formatMoney(1850.5, 'bdt') -> "৳1,850.50". */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-BD', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' });
    } catch {
      // An unknown code: still show the number, with the code after it.
      const plain = new Intl.NumberFormat('en-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return `${plain.format(amount)} ${code}`;
    }
    moneyFormats.set(code, format);
  }
  return format.format(amount);
}

// Made on first use: a formatter made as the module loads costs every page that imports it.
let dateFormat: Intl.DateTimeFormat | undefined;
export const formatDate = (iso: string) => (dateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })).format(new Date(iso));

const longDateFormats = new Map<Lang, Intl.DateTimeFormat>();

/**
 * A day in the given language, month written out: "5 March 2026", or "৫ মার্চ, ২০২৬" in Bangla
 * (Bangla digits and month names). Pass `useMessages(lang)` so the component re-renders on a switch.
 */
export function formatLongDate(iso: string, code: Lang): string {
  let format = longDateFormats.get(code);
  if (!format) longDateFormats.set(code, (format = new Intl.DateTimeFormat(INTL_LOCALE[code], { day: 'numeric', month: 'long', year: 'numeric' })));
  return format.format(new Date(iso));
}

/** A stored phone as people read it: "+8801712345678" -> "+880 1712-345678"; anything else as it is. */
export function formatPhone(phone: string): string {
  const m = /^\+880(1\d{3})(\d{6})$/.exec(phone);
  return m ? `+880 ${m[1]}-${m[2]}` : phone;
}
