import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PAGES } from '../../shared/routes';
import { PageTitle } from '../components/page-title';
import { Spinner } from '../components/spinner';
import { Notice, useErrorText } from '../donation-requests';
import { useMessages } from '../i18n';
import { useUnsubscribe } from './api';
import { unsubscribeText } from './texts';

/**
 * /unsubscribe?token= (issue 15): the alert email's "turn off these emails" link. No sign-in: the
 * signed token names the account. Turns email alerts off as soon as it opens.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  const t = useMessages(unsubscribeText);
  const errorText = useErrorText();
  // Once per visit (React's development double effects, or a re-render, must not post twice).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  let body;
  if (!token) body = <Notice tone="error" role="alert">{t.invalid}</Notice>;
  else if (unsubscribe.isError) body = <Notice tone="error" role="alert">{errorText(unsubscribe.error)}</Notice>;
  else if (unsubscribe.isSuccess) {
    body = (
      <Notice
        tone="info"
        role="note"
        action={
          <Link to={PAGES.profile.path} className="btn btn-sm">
            {t.openProfile}
          </Link>
        }
      >
        <span role="status">{t.unsubscribed}</span>
      </Notice>
    );
  } else body = <Spinner label={t.unsubscribing} />;

  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <PageTitle title={t.heading} />
      <h1 className="mb-6 text-3xl font-bold sm:text-4xl">{t.heading}</h1>
      {body}
    </section>
  );
}
