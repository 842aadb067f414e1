import type { Lang } from '../../shared/i18n/model';
import type { Bucket } from '../../shared/insight/model';
import { lang, useMessages } from '../i18n';
import { NONE } from './texts';

// The charts' numbers and periods in the current language (issue 16): Bangla digits and month
// names in Bangla mode; English as before (en-BD numbers, en-GB dates).

const NUMBER_LOCALE: Record<Lang, string> = { en: 'en-BD', bn: 'bn-BD' };
const DATE_LOCALE: Record<Lang, string> = { en: 'en-GB', bn: 'bn-BD' };

export interface InsightFormats {
  lang: Lang;
  number: (value: number) => string;
  percent: (share: number) => string;
  /** One decimal at most ("1.5"), or a dash. */
  decimal: (value: number | null) => string;
  /** Minutes as hours with one decimal, or a dash. */
  hours: (minutes: number | null) => string;
  /** A period's first day: "5 Jan" per week, "Jan 2026" per month. */
  period: (start: string, bucket: Bucket) => string;
  /** A month's short name (0-11), for the chart's own axis. */
  months: string[];
}

const cache = new Map<Lang, InsightFormats>();

export function formatsFor(code: Lang): InsightFormats {
  const cached = cache.get(code);
  if (cached) return cached;
  const number = new Intl.NumberFormat(NUMBER_LOCALE[code]);
  const percent = new Intl.NumberFormat(NUMBER_LOCALE[code], { style: 'percent', maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(NUMBER_LOCALE[code], { maximumFractionDigits: 1 });
  const week = new Intl.DateTimeFormat(DATE_LOCALE[code], { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(DATE_LOCALE[code], { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const decimal = (value: number | null) => (value === null ? NONE : oneDecimal.format(value));
  const formats: InsightFormats = {
    lang: code,
    number: (value) => number.format(value),
    percent: (share) => percent.format(share),
    decimal,
    hours: (minutes) => decimal(minutes === null ? null : minutes / 60),
    period: (start, bucket) => (bucket === 'week' ? week : month).format(new Date(`${start}T00:00:00Z`)),
    // As the weeks name them in the tables ("৭ সেপ"), not the stand-alone form ("সেপ্টেম্বর").
    months: Array.from({ length: 12 }, (_, m) => week.formatToParts(new Date(Date.UTC(2026, m, 1))).find((part) => part.type === 'month')?.value ?? ''),
  };
  cache.set(code, formats);
  return formats;
}

/** The formats of the current language; the component re-renders on a switch. */
export const useInsightFormats = () => formatsFor(useMessages(lang));
