import { formatNumber, lang, useMessages } from '../i18n';
import { useSmsUsage } from './api';
import { smsUsageText } from './texts';

/** The setting that turns SMS on (README), named as it is written: never translated. */
const SMS_SETTING = 'SMS_URL';

/** The admin home's SMS figures (issue 32): segments, messages and failures, today and this month. */
export function SmsUsagePanel() {
  const usage = useSmsUsage();
  const t = useMessages(smsUsageText);
  const code = useMessages(lang);
  if (usage.isPending) return null;
  if (usage.isError) {
    return (
      <p role="alert" className="mt-6 text-sm text-error">
        {t.failedLoad} {usage.error.message}
      </p>
    );
  }
  const { enabled, today, month } = usage.data;
  const rows = [
    { label: t.segments, today: today.segments, month: month.segments },
    { label: t.messages, today: today.messages, month: month.messages },
    { label: t.failed, today: today.failed, month: month.failed },
  ];
  return (
    <section aria-labelledby="sms-usage-heading" className="mt-6 rounded-box border border-base-300 bg-base-100 p-5">
      <h2 id="sms-usage-heading" className="text-lg font-semibold">
        {t.heading}
      </h2>
      {!enabled && (
        <p className="mt-1 text-sm text-base-content/80">
          {t.offBefore}
          <code translate="no">{SMS_SETTING}</code>
          {t.offAfter}
        </p>
      )}
      {(enabled || month.messages > 0) && (
        <>
          <table className="table mt-2 w-auto tabular-nums">
            <thead>
              <tr>
                <th scope="col" className="sr-only">
                  {t.period}
                </th>
                <th scope="col" className="text-right">
                  {t.today}
                </th>
                <th scope="col" className="text-right">
                  {t.month}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="font-medium">
                    {row.label}
                  </th>
                  <td className="text-right">{formatNumber(row.today, code)}</td>
                  <td className="text-right">{formatNumber(row.month, code)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {enabled && <p className="mt-2 text-sm">{t.budget({ segments: formatNumber(usage.data.dailySegments, code) })}</p>}
          <p className="mt-2 text-sm text-base-content/80">{t.note}</p>
        </>
      )}
    </section>
  );
}
