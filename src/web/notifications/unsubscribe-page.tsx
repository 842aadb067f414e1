import { Link, useSearchParams } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { PageTitle } from '../components/page-title';
import { Notice, useErrorText } from '../donation-requests';
import { useMessages } from '../i18n';
import { useUnsubscribe } from './api';
import { unsubscribeText } from './texts';

/**
 * /unsubscribe?token= (issue 15): the alert email's "turn off these emails" link. No sign-in: the
 * signed token names the account. Opening it changes nothing (mail scanners open links, issue 30):
 * it says what unsubscribing does and turns email alerts off on one click. Mail clients' RFC 8058
 * one-click POST goes to the API directly and needs no page.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const t = useMessages(unsubscribeText);
  const errorText = useErrorText();

  let body;
  if (!token) body = <Notice tone="error" role="alert">{t.invalid}</Notice>;
  else if (unsubscribe.isSuccess) {
    body = (
      <Notice
        tone="info"
        role="note"
        action={
          <Link to={pathTo('profile')} className="btn btn-sm">
            {t.openProfile}
          </Link>
        }
      >
        <span role="status">{t.unsubscribed}</span>
      </Notice>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p>{t.explain}</p>
        <button type="button" className="btn btn-primary" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          {unsubscribe.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {unsubscribe.isPending ? t.unsubscribing : t.confirm}
        </button>
        {unsubscribe.isError && (
          <Notice tone="error" role="alert">
            {errorText(unsubscribe.error)}
          </Notice>
        )}
      </div>
    );
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <PageTitle title={t.heading} />
      <h1 className="mb-6 text-3xl font-bold sm:text-4xl">{t.heading}</h1>
      {body}
    </section>
  );
}
