import { type FormEvent, useState } from 'react';
import { RANGE_PRESETS, type RangePreset } from '../../shared/insight/model';
import { DateInput } from '../components/form/date-time-inputs';
import { lang, useMessages } from '../i18n';
import { placeOptions, useDivisions } from '../locations/api';
import { GROUP_CHOICES, type useInsightRange } from './range';
import { presetText, rangeText } from './texts';

/** The range (4 weeks, 12 weeks, 12 months, custom days), a blood group and a division. */
export function RangePicker({ range }: { range: ReturnType<typeof useInsightRange> }) {
  const t = useMessages(rangeText);
  const presets = useMessages(presetText);
  const bangla = useMessages(lang) === 'bn';
  const divisions = useDivisions();
  const [from, setFrom] = useState(range.args.from);
  const [to, setTo] = useState(range.args.to);
  // The message is shown in the current language, so the flag is kept, not the text.
  const [bad, setBad] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to || from > to) return setBad(true);
    setBad(false);
    range.chooseDays(from, to);
  };
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t.range}</span>
          <select className="select w-full" value={range.preset} onChange={(e) => range.choosePreset(e.target.value as RangePreset)}>
            {RANGE_PRESETS.map((p) => (
              <option key={p} value={p}>
                {presets[p]}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t.bloodGroup}</span>
          <select className="select w-full" value={range.args.bloodGroup ?? ''} onChange={(e) => range.chooseGroup(e.target.value)}>
            <option value="">{t.any}</option>
            {GROUP_CHOICES.map((g) => (
              <option key={g.code} value={g.code}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t.division}</span>
          <select className="select w-full" value={range.args.division ?? ''} onChange={(e) => range.chooseDivision(e.target.value)}>
            <option value="">{t.any}</option>
            {placeOptions(divisions.data, bangla).map((d) => (
              <option key={d._id} value={d._id}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {range.preset === 'custom' ? (
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
          <label className="block">
            <span className="mb-1 block text-sm font-medium">{t.from}</span>
            <DateInput id="insight-from" aria-label={t.from} className="input" value={from} max={to || undefined} onChange={setFrom} aria-invalid={bad} />
          </label>
          <label className="block">
            <span className="mb-1 block text-sm font-medium">{t.to}</span>
            <DateInput id="insight-to" aria-label={t.to} className="input" value={to} min={from || undefined} onChange={setTo} aria-invalid={bad} />
          </label>
          <button type="submit" className="btn btn-primary">
            {t.apply}
          </button>
          {bad ? (
            <p role="alert" className="w-full text-sm text-error">
              {t.badRange}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
