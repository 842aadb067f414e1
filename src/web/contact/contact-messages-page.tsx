import { useSearchParams } from 'react-router';
import type { ContactMessage } from '../../shared/contact/schemas';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { EmptyState, QueryError, useErrorText } from '../donation-requests';
import { lang, useMessages } from '../i18n';
import { formatDateTime } from '../lib/clock';
import { pageFromParams, withPage } from '../lib/page-param';
import { toast } from '../lib/toast';
import { MESSAGES_PAGE_SIZE, useContactMessages, useMarkHandled } from './api';
import { messagesText } from './texts';

/** One message: who sent it and when, what they wrote, Reply by email and Mark handled. */
function MessageItem({ row }: { row: ContactMessage }) {
  const t = useMessages(messagesText);
  const code = useMessages(lang);
  const mark = useMarkHandled();
  const errorText = useErrorText();
  const busy = mark.isPending && mark.variables === row._id;
  const titleId = `message-${row._id}`;

  async function markHandled() {
    try {
      await mark.mutateAsync(row._id);
      toast.success(t.marked);
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <li aria-labelledby={titleId} className={`rounded-box border border-base-300 bg-base-100 p-4 ${row.handledAt ? 'opacity-80' : ''}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold break-words">
            <span className="sr-only">{t.from}: </span>
            <span data-user-content>{row.name}</span>
          </h2>
          <a href={`mailto:${row.email}`} className="link text-sm break-all" data-user-content>
            {row.email}
          </a>
        </div>
        <p className="text-sm text-base-content/75">
          <span className="sr-only">{t.received}: </span>
          <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, code)}</time>
        </p>
      </div>
      <p className="mt-3 whitespace-pre-line break-words" data-user-content>
        {row.message}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <a href={`mailto:${row.email}`} className="btn btn-outline btn-sm">
          {t.reply}
          <span className="sr-only" data-user-content>
            : {row.name}
          </span>
        </a>
        {row.handledAt ? (
          <span className="badge badge-success badge-outline">
            {t.handled} · <time dateTime={row.handledAt}>{formatDateTime(row.handledAt, code)}</time>
          </span>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void markHandled()}>
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t.markHandled}
            <span className="sr-only" data-user-content>
              : {row.name}
            </span>
          </button>
        )}
      </div>
    </li>
  );
}

/** /dashboard/contactMessages (issue 38): the contact form's messages, for volunteers and admins. */
export function ContactMessagesPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const list = useContactMessages(page);
  const t = useMessages(messagesText);

  let body;
  if (list.isPending) body = <Spinner label={t.loading} />;
  else if (list.isError) body = <QueryError error={list.error} onRetry={() => void list.refetch()} what={t.what} />;
  else if (list.data.rows.length === 0) body = <EmptyState title={t.empty} />;
  else {
    body = (
      <>
        <p className="mb-3 text-sm text-base-content/80">{t.total(list.data.total)}</p>
        <ul className="space-y-3" aria-label={t.pageTitle} aria-busy={list.isFetching}>
          {list.data.rows.map((row) => (
            <MessageItem key={row._id} row={row} />
          ))}
        </ul>
        <Pagination page={page} pageSize={MESSAGES_PAGE_SIZE} total={list.data.total} onPageChange={(next) => setParams(withPage(params, next))} label={t.pagesLabel} />
      </>
    );
  }

  return (
    <section className="max-w-3xl">
      <PageTitle title={t.pageTitle} />
      <header className="mb-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.pageTitle}</h1>
        <p className="mt-1 text-base-content/80">{t.pageIntro}</p>
      </header>
      {body}
    </section>
  );
}
