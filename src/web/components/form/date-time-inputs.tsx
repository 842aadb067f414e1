import { type ComponentProps, type FocusEvent, type ReactNode, useState } from 'react';
import { formatNumber, formatYear, lang, useMessages } from '../../i18n';
import { formatTime } from '../../lib/clock';
import { described, FieldShell } from './form-fields';
import { formText } from './texts';

// Date and time fields in the page's language (issue 16). A browser draws <input type="date"> and
// <input type="time"> in the device's language, whatever the page's: an English phone shows
// "mm/dd/yyyy" and "10:00 PM" to someone reading the site in Bangla. English mode keeps the
// browser's own fields; Bangla mode shows selects written in Bangla (day, month and year; the time
// of day every 15 minutes, "রাত ১০:০০"), with the same values (YYYY-MM-DD, HH:MM).

/** Input classes to the select's (daisyUI): `input` -> `select`, so `input-error` -> `select-error` too. */
const asSelect = (className = '') => className.replace(/\binput\b/g, 'select');

const pad = (n: number) => String(n).padStart(2, '0');

/** Every quarter of an hour, "00:00" to "23:45". */
const QUARTERS = Array.from({ length: 96 }, (_, i) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`);

type TimeInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** The field's value when the form opened: offered even when it is not on a quarter hour. */
  initial?: string;
};

/**
 * A time of day ("HH:MM"). Works with react-hook-form's `register` (uncontrolled) or with
 * `value`/`onChange`, like the input it stands for.
 */
export function TimeInput({ initial, className, ref, ...props }: TimeInputProps) {
  const code = useMessages(lang);
  const t = useMessages(formText);
  if (code !== 'bn') return <input type="time" ref={ref} className={className} {...props} />;
  const times = initial && /^\d{2}:\d{2}$/.test(initial) && !QUARTERS.includes(initial) ? [...QUARTERS, initial].sort() : QUARTERS;
  const selectProps = props as unknown as ComponentProps<'select'>;
  return (
    <select ref={ref as unknown as ComponentProps<'select'>['ref']} className={asSelect(className)} {...selectProps}>
      <option value="">{t.chooseTime}</option>
      {times.map((time) => (
        <option key={time} value={time}>
          {formatTime(time, 'bn')}
        </option>
      ))}
    </select>
  );
}

interface DateInputProps {
  id: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Bounds, YYYY-MM-DD (the years offered in Bangla mode follow them). */
  min?: string;
  max?: string;
  /** With no `min`: the first year offered in Bangla mode (default: 80 years ago). */
  firstYear?: number;
  className?: string;
  name?: string;
  ref?: ComponentProps<'input'>['ref'];
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

interface DayParts {
  year: string;
  month: string;
  day: string;
}

const EMPTY: DayParts = { year: '', month: '', day: '' };
const split = (value: string): DayParts => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? { year: m[1]!, month: m[2]!, day: m[3]! } : EMPTY;
};
const join = (p: DayParts) => (p.year && p.month && p.day ? `${p.year}-${p.month}-${p.day}` : '');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

let monthNames: string[] | undefined;
/** জানুয়ারী … ডিসেম্বর, from Intl (made once, in Bangla mode only). */
const banglaMonths = () => {
  if (!monthNames) {
    const month = new Intl.DateTimeFormat('bn-BD', { month: 'long', timeZone: 'UTC' });
    monthNames = Array.from({ length: 12 }, (_, i) => month.format(new Date(Date.UTC(2026, i, 1))));
  }
  return monthNames;
};

/**
 * A calendar day (YYYY-MM-DD), controlled. In Bangla mode the day select takes `id`, so the
 * field's label names it; the month and year selects are named on their own, and the three are a
 * group named by `aria-label` when one is given.
 */
export function DateInput({ id, value, onChange, onBlur, min, max, firstYear, className, name, ref, ...aria }: DateInputProps) {
  const code = useMessages(lang);
  if (code !== 'bn') {
    return <input id={id} name={name} ref={ref} type="date" className={className} value={value} min={min} max={max} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} {...aria} />;
  }
  return <BanglaDate id={id} value={value} onChange={onChange} onBlur={onBlur} min={min} max={max} firstYear={firstYear} className={className} name={name} dayRef={ref} {...aria} />;
}

function BanglaDate({ id, value, onChange, onBlur, min, max, firstYear, className, name, dayRef, 'aria-label': groupLabel, ...aria }: Omit<DateInputProps, 'ref'> & { dayRef?: DateInputProps['ref'] }) {
  const t = useMessages(formText);
  const [parts, setParts] = useState<DayParts>(() => split(value));
  // Follow a value set from outside (a reset, a loaded record), while rendering (React's way for
  // state derived from props); a half-chosen day (value '') stays as it is.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== join(parts)) setParts(split(value));
  }

  const thisYear = new Date().getUTCFullYear();
  const first = min ? Number(min.slice(0, 4)) : (firstYear ?? thisYear - 80);
  const last = max ? Number(max.slice(0, 4)) : thisYear + 2;
  const years = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => String(last - i));
  if (parts.year && !years.includes(parts.year)) years.push(parts.year);
  const dayCount = parts.year && parts.month ? daysIn(Number(parts.year), Number(parts.month)) : 31;

  const choose = (change: Partial<DayParts>) => {
    const next = { ...parts, ...change };
    // 31 March -> February: the month's last day.
    if (next.year && next.month && next.day) next.day = pad(Math.min(Number(next.day), daysIn(Number(next.year), Number(next.month))));
    setParts(next);
    onChange(join(next));
  };
  /** Touched when the focus leaves the three selects, not when it moves between them. */
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
  };
  const select = asSelect(className);
  return (
    <div role="group" aria-label={groupLabel} className="grid grid-cols-[1fr_1.6fr_1.3fr] gap-2" onBlur={leave}>
      {name ? <input type="hidden" name={name} value={join(parts)} /> : null}
      <select id={id} ref={dayRef as unknown as ComponentProps<'select'>['ref']} className={select} value={parts.day} onChange={(e) => choose({ day: e.target.value })} {...aria}>
        <option value="">{t.day}</option>
        {Array.from({ length: dayCount }, (_, i) => (
          <option key={i} value={pad(i + 1)}>
            {formatNumber(i + 1, 'bn')}
          </option>
        ))}
      </select>
      <select aria-label={t.month} className={select} value={parts.month} onChange={(e) => choose({ month: e.target.value })} {...aria}>
        <option value="">{t.month}</option>
        {banglaMonths().map((month, i) => (
          <option key={month} value={pad(i + 1)}>
            {month}
          </option>
        ))}
      </select>
      <select aria-label={t.year} className={select} value={parts.year} onChange={(e) => choose({ year: e.target.value })} {...aria}>
        <option value="">{t.year}</option>
        {years.map((year) => (
          <option key={year} value={year}>
            {formatYear(Number(year), 'bn')}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date field of a form that reads FormData (a filter): the day is kept here, under `name`. */
export function NamedDateInput({ defaultValue = '', ...props }: Omit<DateInputProps, 'value' | 'onChange'> & { name: string; defaultValue?: string }) {
  const [value, setValue] = useState(defaultValue);
  return <DateInput {...props} value={value} onChange={setValue} />;
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** The account forms' date field (form-fields.tsx's look): label, hint, error. */
export function DateField({ id, label, error, hint, className, ...input }: FieldProps & Omit<DateInputProps, 'id' | 'className'>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <DateInput id={id} className={`input w-full ${error ? 'input-error' : ''}`} {...described(id, error, hint)} {...input} />
    </FieldShell>
  );
}

/** The account forms' time field: label, hint, error; works with `register`. */
export function TimeField({ id, label, error, hint, className, ...input }: FieldProps & Omit<TimeInputProps, 'id' | 'className'>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <TimeInput id={id} className={`input w-full ${error ? 'input-error' : ''}`} {...described(id, error, hint)} {...input} />
    </FieldShell>
  );
}
