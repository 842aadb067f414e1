import type { Lang } from '../../shared/i18n/model';
import { formatDate, formatMoney } from '../lib/format';

// Money and the ledger's dates in the current language (issue 16). English keeps the shared
// formats ("৳1,850.50", "5 Mar 2026"); Bangla writes Bangla digits with the taka sign first, as
// receipts and shops in Bangladesh do ("৳১,৮৫০.৫০"), and Bangla month names ("৫ মার্চ, ২০২৬").

const banglaMoney = new Map<string, Intl.NumberFormat>();

/** An amount in the currency's major unit, in the language's digits. */
export function formatMoneyIn(amount: number, currency: string, code: Lang): string {
  if (code !== 'bn') return formatMoney(amount, currency);
  const upper = currency.toUpperCase();
  let format = banglaMoney.get(upper);
  if (!format) {
    try {
      format = new Intl.NumberFormat('bn-BD', { style: 'currency', currency: upper, currencyDisplay: 'narrowSymbol' });
    } catch {
      const plain = new Intl.NumberFormat('bn-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return `${plain.format(amount)} ${upper}`;
    }
    banglaMoney.set(upper, format);
  }
  const parts = format.formatToParts(amount);
  const sign = parts.filter((p) => p.type === 'currency').map((p) => p.value).join('');
  const number = parts
    .filter((p) => p.type !== 'currency')
    .map((p) => p.value)
    .join('')
    .trim();
  return `${sign}${number}`;
}

const banglaDate = new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'short', year: 'numeric' });

/** A gift's day: "5 Mar 2026", or "৫ মার্চ, ২০২৬" in Bangla. */
export const formatDateIn = (iso: string, code: Lang) => (code === 'bn' ? banglaDate.format(new Date(iso)) : formatDate(iso));
