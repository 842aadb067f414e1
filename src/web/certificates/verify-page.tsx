import { useParams } from 'react-router';
import { CERTIFICATE_CODE_PATTERN } from '../../shared/donations/model';
import { DELETED_NAME_FIRST } from '../../shared/donations/texts';
import { PageTitle } from '../components/page-title';
import { Spinner } from '../components/spinner';
import { formatRequestDate as formatDate } from '../donation-requests';
import { lang, useMessages } from '../i18n';
import { ApiError } from '../lib/api-client';
import { useDistrictName } from '../locations/api';
import { useCertificateCheck } from './api';
import { verifyText } from './texts';

/** /verify/{code}: the QR code of a donation certificate opens here; public, and shows no more than the first name, the date and the district. */
export function VerifyPage() {
  const t = useMessages(verifyText);
  const { code = '' } = useParams();
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <PageTitle title={t.title} />
      <h1 className="mb-6 text-3xl font-bold sm:text-4xl">{t.title}</h1>
      {CERTIFICATE_CODE_PATTERN.test(code) ? <Check code={code} /> : <NotGenuine />}
    </section>
  );
}

function NotGenuine() {
  const t = useMessages(verifyText);
  return (
    <div role="alert" className="alert alert-error alert-soft border-l-4 border-l-error">
      <span>{t.notFound}</span>
    </div>
  );
}

function Check({ code }: { code: string }) {
  const t = useMessages(verifyText);
  const shownIn = useMessages(lang);
  const districtName = useDistrictName();
  const check = useCertificateCheck(code);
  if (check.isPending) return <Spinner label={t.checking} />;
  if (check.isError) {
    const missing = check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 400);
    return missing ? (
      <NotGenuine />
    ) : (
      <div role="alert" className="alert alert-warning">
        <span>{t.failed}</span>
      </div>
    );
  }
  const facts: [string, string][] = [
    [t.donor, check.data.firstName === DELETED_NAME_FIRST ? t.deletedDonor : check.data.firstName],
    [t.date, formatDate(check.data.donationDate.slice(0, 10), 'short', shownIn)],
    [t.district, districtName(check.data.district)],
  ];
  return (
    <div className="card border border-success/60 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <p role="status" className="flex items-center gap-2 text-lg font-bold text-success">
          <span aria-hidden="true">✓</span>
          {t.genuine}
        </p>
        <dl className="grid gap-3 sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label} className="rounded-box bg-base-200/60 p-3">
              <dt className="text-sm text-base-content/75">{label}</dt>
              <dd className="font-semibold break-words" {...(label === t.donor ? { 'data-user-content': true } : {})}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
