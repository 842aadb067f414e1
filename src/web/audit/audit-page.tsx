import { type FormEvent, useId } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TEXTS, type AuditAction, type AuditEntry } from '../../shared/audit';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { errorMessage, Notice } from '../donation-requests';
import { pageFromParams, withPage } from '../lib/page-param';
import { AUDIT_PAGE_SIZE, type AuditFilters, useAudit } from './api';

const WHEN = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Dhaka' });
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isAction = (v: string | null): v is AuditAction => AUDIT_ACTIONS.includes(v as AuditAction);
const COLUMNS = [AUDIT_TEXTS.columnWhen, AUDIT_TEXTS.columnActor, AUDIT_TEXTS.columnAction, AUDIT_TEXTS.columnTarget, AUDIT_TEXTS.columnChange, AUDIT_TEXTS.columnIp];

/** The filters in the URL (reload, back and a shared link keep them); anything malformed is left out. */
function filtersOf(params: URLSearchParams): AuditFilters {
  const actor = params.get('actor')?.trim();
  const action = params.get('action');
  const from = params.get('from');
  const to = params.get('to');
  return {
    ...(actor && { actor }),
    ...(isAction(action) && { action }),
    ...(from && DAY.test(from) && { from }),
    ...(to && DAY.test(to) && { to }),
  };
}

const show = (v: unknown) => (v === undefined || v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** "status: active → blocked", one line per field either side names. */
function Change({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return <span>—</span>;
  return (
    <ul className="space-y-0.5">
      {keys.map((k) => (
        <li key={k}>
          <span className="font-medium">{k}</span>: {k in before ? `${show(before[k])} → ` : ''}
          {k in after ? show(after[k]) : '—'}
        </li>
      ))}
    </ul>
  );
}

const actionLabel = (action: string) => (isAction(action) ? AUDIT_ACTION_LABELS[action] : action);

/** Who did it: name and email, "Deleted user", or the system. */
function Actor({ actor }: Pick<AuditEntry, 'actor'>) {
  if (!actor) return <>{AUDIT_TEXTS.system}</>;
  return (
    <>
      <span className="font-medium">{actor.name}</span>
      {actor.email && <span className="block text-xs break-all text-base-content/75">{actor.email}</span>}
    </>
  );
}

/** What it was done to: its kind and name now, and its id. */
function Target({ row }: { row: AuditEntry }) {
  return (
    <>
      {row.targetType}
      {row.targetName && <span className="font-medium">: {row.targetName}</span>}
      <span className="block font-mono text-xs break-all text-base-content/75">{row.targetId}</span>
    </>
  );
}

/** /dashboard/audit (issue 17, admins): who changed what, when and from where; filters and pages. */
export function AuditPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const filters = filtersOf(params);
  const list = useAudit(filters, page);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['actor', 'action', 'from', 'to']) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  }

  let body;
  if (list.isPending) body = <Spinner label={AUDIT_TEXTS.loading} />;
  else if (list.isError) {
    body = (
      <Notice
        tone="error"
        role="alert"
        action={
          <button type="button" className="btn btn-sm" onClick={() => void list.refetch()}>
            {AUDIT_TEXTS.retry}
          </button>
        }
      >
        {AUDIT_TEXTS.loadFailed}: {errorMessage(list.error)}
      </Notice>
    );
  } else if (list.data.rows.length === 0) {
    body = <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center text-lg font-semibold">{AUDIT_TEXTS.empty}</p>;
  } else {
    body = (
      <>
        {/* On a phone: one card per row. */}
        <ul className={`space-y-3 sm:hidden ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={AUDIT_TEXTS.pageTitle}>
          {list.data.rows.map((row) => (
            <li key={row._id} className="rounded-box border border-base-300 bg-base-100 p-3 text-sm">
              <p className="font-semibold">{actionLabel(row.action)}</p>
              <p>
                <Actor actor={row.actor} />
              </p>
              <p className="mt-1 break-all">
                <Target row={row} />
              </p>
              <div className="mt-1 text-xs break-all">
                <Change before={row.before} after={row.after} />
              </div>
              <p className="mt-1 text-xs text-base-content/75">
                <time dateTime={row.at}>{WHEN.format(new Date(row.at))}</time> · <span className="font-mono">{row.ip ?? '—'}</span>
              </p>
            </li>
          ))}
        </ul>
        {/* Wider screens: the table, scrolling inside this box, never the page. */}
        <div
          role="region"
          aria-labelledby={`${id}-caption`}
          tabIndex={0}
          className={`hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 [contain:inline-size] sm:block ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          <table className="table table-sm">
            <caption id={`${id}-caption`} className="sr-only">
              {AUDIT_TEXTS.pageTitle}, {page}
            </caption>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className="whitespace-nowrap">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="align-top">
              {list.data.rows.map((row) => (
                <tr key={row._id}>
                  <td className="whitespace-nowrap">
                    <time dateTime={row.at}>{WHEN.format(new Date(row.at))}</time>
                  </td>
                  <td className="min-w-40">
                    <Actor actor={row.actor} />
                  </td>
                  <td className="whitespace-nowrap">{actionLabel(row.action)}</td>
                  <td className="min-w-40">
                    <Target row={row} />
                  </td>
                  <td className="min-w-48 text-xs break-all">
                    <Change before={row.before} after={row.after} />
                  </td>
                  <td className="font-mono text-xs whitespace-nowrap">{row.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={page} pageSize={AUDIT_PAGE_SIZE} total={list.data.total} onPageChange={(next) => setParams(withPage(params, next))} label={AUDIT_TEXTS.pagesLabel} />
      </>
    );
  }

  return (
    <section>
      <PageTitle title={AUDIT_TEXTS.pageTitle} />
      <header className="mb-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{AUDIT_TEXTS.pageTitle}</h1>
        <p className="mt-1 max-w-3xl text-base-content/80">{AUDIT_TEXTS.pageIntro}</p>
      </header>
      {/* Keyed by the URL's filters: Reset and back/forward refill the fields. */}
      <form key={params.toString()} className="mb-6 grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto]" onSubmit={onSubmit}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {AUDIT_TEXTS.actorLabel}
          <input name="actor" type="search" className="input w-full" defaultValue={filters.actor ?? ''} maxLength={254} autoComplete="off" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {AUDIT_TEXTS.actionLabel}
          <select name="action" className="select w-full" defaultValue={filters.action ?? ''}>
            <option value="">{AUDIT_TEXTS.anyAction}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {AUDIT_TEXTS.fromLabel}
          <input name="from" type="date" className="input w-full" defaultValue={filters.from ?? ''} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {AUDIT_TEXTS.toLabel}
          <input name="to" type="date" className="input w-full" defaultValue={filters.to ?? ''} />
        </label>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
          <button type="submit" className="btn btn-primary">
            {AUDIT_TEXTS.apply}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setParams(new URLSearchParams())}>
            {AUDIT_TEXTS.reset}
          </button>
        </div>
      </form>
      {body}
    </section>
  );
}
