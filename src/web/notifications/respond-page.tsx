import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { RespondResult } from '../../shared/outreach/schemas';
import { type Answer, ANSWERS } from '../../shared/outreach/model';
import { pathTo } from '../../shared/routing/routes';
import { PageTitle } from '../components/page-title';
import { PhoneLink } from '../components/phone-link';
import { Spinner } from '../components/spinner';
import { useRequestDetail, useRespond } from '../donation-requests/api';
import { donateBlocker, MissingRequest, Notice, useErrorText } from '../donation-requests';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { useAuth } from '../lib/auth';
import { useDistrictName } from '../locations/api';
import { answerOf } from './shared/answer';
import { AnswerResult } from './shared/answer-result';
import { RequestEssentials } from './shared/request-essentials';
import { respondText } from './texts';

const HIGHLIGHTED: Record<Answer, string> = { accept: 'btn-primary', decline: 'btn-neutral' };

/**
 * /respond/{id}?answer=accept|decline (issue 15): where an alert's Accept and Decline (push
 * actions, email buttons) land. Shows the request and asks to confirm the answer the donor tapped
 * (highlighted; the other is one tap away), then the outcome.
 */
export function RespondPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const chosen = answerOf(params);
  const { user } = useAuth();
  const query = useRequestDetail(id);
  const respond = useRespond();
  const [result, setResult] = useState<RespondResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = useMessages(respondText);
  const errorText = useErrorText();
  const message = useMessageText();
  const district = useDistrictName();

  async function send(answer: Answer) {
    setError(null);
    try {
      setResult(await respond.mutateAsync({ id, answer }));
    } catch (e) {
      setError(errorText(e));
    }
  }

  let body;
  if (!user || query.isPending) body = <Spinner label={t.loading} />;
  else if (query.isError) body = <MissingRequest error={query.error} onRetry={() => void query.refetch()} backTo={pathTo('notifications')} />;
  else {
    const r = query.data;
    // Checked before anything is sent: the server refuses these, and a refused call (403) would sign the user out.
    const blocker = r.pledgedByMe ? null : donateBlocker(user, r);
    let answerPart;
    if (result) answerPart = <AnswerResult result={result} />;
    else if (r.pledgedByMe) {
      answerPart = (
        <Notice tone="info">
          <p className="font-semibold">{t.alreadyPledged}</p>
          {r.contactPhone && (
            <p className="mt-1">
              {t.familyPhone}: <PhoneLink phone={r.contactPhone} />
            </p>
          )}
        </Notice>
      );
    } else if (blocker) {
      answerPart = (
        <Notice tone="warning" role="alert">
          {message(blocker)}
        </Notice>
      );
    } else {
      answerPart = (
        <div className="flex flex-col gap-3 sm:flex-row" role="group" aria-label={t.title}>
          {ANSWERS.map((answer) => {
            const highlighted = answer === (chosen ?? 'accept');
            return (
              <button
                key={answer}
                type="button"
                className={`btn ${highlighted ? `${HIGHLIGHTED[answer]} ${chosen ? 'ring-2 ring-current ring-offset-2 ring-offset-base-100' : ''}` : 'btn-outline'}`}
                data-highlighted={chosen === answer || undefined}
                disabled={respond.isPending}
                // The answer the donor tapped in the alert is ready to confirm.
                autoFocus={chosen === answer}
                onClick={() => void send(answer)}
              >
                {respond.isPending && respond.variables.answer === answer && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {t[answer]}
              </button>
            );
          })}
        </div>
      );
    }
    body = (
      <>
        <div className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-5">
          <p className="mb-2">
            <strong data-user-content>{r.recipientName}</strong>
            {t.needsBlood({ hospital: r.hospitalName })}
          </p>
          <RequestEssentials request={r} district={district(r.recipientDistrict)} />
        </div>
        <div className="mt-5 space-y-3">
          {answerPart}
          {error && (
            <p role="alert" className="rounded-box border border-l-4 border-base-300 border-l-error bg-base-100 p-3">
              {error}
            </p>
          )}
        </div>
        <p className="mt-6 flex flex-wrap gap-2">
          <Link to={pathTo('requestDetails', { id: r._id })} className="btn btn-ghost btn-sm">
            {t.viewRequest}
          </Link>
          <Link to={pathTo('notifications')} className="btn btn-ghost btn-sm">
            {t.allNotifications}
          </Link>
        </p>
      </>
    );
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <PageTitle title={t.title} />
      <h1 className="mb-6 text-3xl font-bold sm:text-4xl">{t.title}</h1>
      {body}
    </section>
  );
}
