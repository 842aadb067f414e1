import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import type { AdminStats } from '../../shared/stats/schemas';
import { PageTitle } from '../components/page-title';
import { Spinner } from '../components/spinner';
import { useFundingSummary } from '../funding/api';
import { formatMoneyIn } from '../funding';
import { formatNumber, lang, useMessages } from '../i18n';
import type { Lang } from '../../shared/i18n/model';
import { useAuth } from '../lib/auth';
import { useAdminStats } from './api';
import { SmsUsagePanel } from './sms-usage';
import { statsHomeText } from './texts';

const count = new Intl.NumberFormat('en-BD');
/** A count in the language's digits (English keeps the spec's en-BD grouping). */
const countIn = (value: number, code: Lang) => (code === 'bn' ? formatNumber(value, code) : count.format(value));

type Label = 'totalUser' | 'totalFunding' | 'totalRequests';

/** The charts below the statistics (issue 18): their own chunk, with uPlot, loaded after the page. */
const InsightPanel = lazy(() => import('../insight').then((m) => ({ default: m.InsightPanel })));

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
    <path d={d} />
  </svg>
);

/** The spec's three statistics (section 2, adminHome), in its words, with how each is shown. */
const STATS: { label: Label; icon: ReactNode; value: (stats: AdminStats | undefined, currency: string, code: Lang) => string }[] = [
  {
    label: 'totalUser',
    icon: icon('M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7M21 19v-1a4 4 0 0 0-3-3.9M15.5 3.1a3.5 3.5 0 0 1 0 6.8'),
    value: (stats, _currency, code) => countIn(stats?.users ?? 0, code),
  },
  {
    label: 'totalFunding',
    icon: icon('M3 6h18v12H3zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5M6.5 12h.01M17.5 12h.01'),
    value: (stats, currency, code) => formatMoneyIn(stats?.revenue ?? 0, currency, code),
  },
  {
    label: 'totalRequests',
    icon: icon('M12 2.7C9.5 6 6 10.6 6 14a6 6 0 0 0 12 0c0-3.4-3.5-8-6-11.3Z'),
    value: (stats, _currency, code) => countIn(stats?.donation ?? 0, code),
  },
];

function Stat({ label, value, icon, loading, loadingText }: { label: string; value: string; icon: ReactNode; loading: boolean; loadingText: string }) {
  // dl > div > dt + dd: the icon sits in the term (decorative), placed beside both by padding.
  return (
    <div className="relative rounded-box border border-base-300 bg-base-100 py-5 pr-5 pl-22">
      <dt className="text-sm font-medium text-base-content/80">
        <span
          className="absolute top-1/2 left-5 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-primary/10 text-primary"
          aria-hidden="true"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums [overflow-wrap:anywhere]">
        {loading ? (
          <>
            <span className="skeleton inline-block h-7 w-24 align-middle" aria-hidden="true" />
            <span className="sr-only">{loadingText}</span>
          </>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

/** /dashboard/adminHome (admins and volunteers): a welcome and the site-wide numbers. */
export function AdminHomePage() {
  const { user } = useAuth();
  const stats = useAdminStats();
  // The currency the funds are counted in (revenue is in its major unit).
  const summary = useFundingSummary();
  const currency = summary.data?.currency ?? 'bdt';
  const loading = stats.isPending || summary.isPending;
  const t = useMessages(statsHomeText);
  const code = useMessages(lang);

  return (
    <section className="mx-auto max-w-5xl">
      <PageTitle title={t.title} />
      <div className="rounded-box bg-primary p-6 text-primary-content sm:p-8">
        <p className="text-sm font-medium uppercase tracking-wide opacity-90">{user?.role === 'volunteer' ? t.volunteerDashboard : t.adminDashboard}</p>
        <h1 className="mt-1 text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">{user ? t.welcome({ name: user.name }) : t.welcomeBack}</h1>
        <p className="mt-2 max-w-2xl opacity-90">{t.intro}</p>
      </div>

      {stats.isError ? (
        <div role="alert" className="alert border-l-4 border-l-error mt-6 flex-wrap">
          <span>
            {t.failed} {stats.error.message}
          </span>
          <button type="button" className="btn btn-sm" onClick={() => void stats.refetch()}>
            {t.tryAgain}
          </button>
        </div>
      ) : (
        <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={loading}>
          {STATS.map((stat) => (
            <Stat key={stat.label} label={t[stat.label]} icon={stat.icon} loading={loading} loadingText={t.loading} value={stat.value(stats.data, currency, code)} />
          ))}
        </dl>
      )}

      <SmsUsagePanel />

      <p className="mt-6 text-sm text-base-content/80">
        {t.fundsBefore}
        <Link to={pathTo('c')} className="link link-primary">
          {t.fundsLink}
        </Link>
        {t.fundsAfter}
      </p>

      <Suspense fallback={<Spinner label={t.loadingCharts} />}>
        <InsightPanel />
      </Suspense>
    </section>
  );
}
