import { type FormEvent, useId } from 'react';
import { shownEmail } from '../../shared/users/model';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, type AuditAction } from '../../shared/audit/model';
import { AUDIT_TEXTS } from '../../shared/audit/texts';
import type { AuditEntry } from '../../shared/audit/schemas';
import type { Lang } from '../../shared/i18n/model';
import { NamedDateInput } from '../components/form/date-time-inputs';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { EmptyState, QueryError } from '../donation-requests';
import { formatNumber, lang, useMessages } from '../i18n';
import { pageFromParams, withPage } from '../lib/page-param';
import { formatDateTime } from '../lib/clock';
import { AUDIT_PAGE_SIZE, type AuditFilters, useAudit } from './api';
import { actionsText, auditText, fieldsText, targetsText, valuesText } from './texts';

/** "5 Mar 2026, 2:05:09 pm" (Dhaka time), in the language's digits, month names and parts of the day. */
const when = (iso: string, code: Lang) => formatDateTime(iso, code, { year: true, seconds: true });
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isAction = (v: string | null): v is AuditAction => AUDIT_ACTIONS.includes(v as AuditAction);

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

/** A name from one of the texts' tables, or the stored word itself. */
const lookup = (table: Record<string, string>, key: string) => (Object.hasOwn(table, key) ? table[key]! : key);

/**
 * A stored field or value as this language shows it: in English as stored ("active", `["fake"]`);
 * in Bangla the known words in Bangla, numbers in Bangla digits and lists written out.
 */
function useChangeWords() {
  const fields = useMessages(fieldsText);
  const values = useMessages(valuesText);
  const code = useMessages(lang);
  const show = (v: unknown): string => {
    if (v === undefined || v === null) return '—';
    if (typeof v === 'string') return lookup(values, v);
    if (code === 'bn' && typeof v === 'number') return formatNumber(v, code);
    if (code === 'bn' && Array.isArray(v)) return v.map(show).join(', ');
    return JSON.stringify(v);
  };
  return { field: (k: string) => lookup(fields, k), show };
}

/** A value as shown; one the tables do not know (a name, a note someone wrote) is what a user typed. */
function Value({ text, raw }: { text: string; raw: unknown }) {
  return typeof raw === 'string' && text === raw ? <span data-user-content>{text}</span> : <>{text}</>;
}

/** "status: active → blocked", one line per field either side names. */
function Change({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  const { field, show } = useChangeWords();
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return <span>—</span>;
  return (
    <ul className="space-y-0.5">
      {keys.map((k) => (
        <li key={k}>
          <span className="font-medium">{field(k)}</span>: {k in before && <Value text={show(before[k])} raw={before[k]} />}
          {k in before && ' → '}
          {k in after ? <Value text={show(after[k])} raw={after[k]} /> : '—'}
        </li>
      ))}
    </ul>
  );
}

/** The server names a deleted account in English: in Bangla mode, say it in Bangla. */
function useNameOf() {
  const t = useMessages(auditText);
  return (name: string) => (name === AUDIT_TEXTS.deletedUser ? t.deletedUser : name);
}

/** Who did it: name and email, "Deleted user", or the system. */
function Actor({ actor }: Pick<AuditEntry, 'actor'>) {
  const t = useMessages(auditText);
  const nameOf = useNameOf();
  if (!actor) return <>{t.system}</>;
  return (
    <>
      <span className="font-medium" data-user-content>
        {nameOf(actor.name)}
      </span>
      {shownEmail(actor.email) && (
        <span className="block text-xs [overflow-wrap:anywhere] text-base-content/75" translate="no">
          {actor.email}
        </span>
      )}
    </>
  );
}

/** What it was done to: its kind and name now, and its id. */
function Target({ row }: { row: AuditEntry }) {
  const targets = useMessages(targetsText);
  const nameOf = useNameOf();
  return (
    <>
      {lookup(targets, row.targetType)}
      {row.targetName && (
        <span className="font-medium">
          : <span data-user-content>{nameOf(row.targetName)}</span>
        </span>
      )}
      <span className="block font-mono text-xs [overflow-wrap:anywhere] text-base-content/75" translate="no">
        {row.targetId}
      </span>
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
  const t = useMessages(auditText);
  const actions = useMessages(actionsText);
  const code = useMessages(lang);
  const actionLabel = (action: string) => lookup(actions, action);
  const columns = [t.columnWhen, t.columnActor, t.columnAction, t.columnTarget, t.columnChange, t.columnIp];

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
  if (list.isPending) body = <Spinner label={t.loading} />;
  else if (list.isError) body = <QueryError error={list.error} onRetry={() => void list.refetch()} what={t.what} />;
  else if (list.data.rows.length === 0) body = <EmptyState title={t.empty} />;
  else {
    body = (
      <>
        {/* On a phone: one card per row. */}
        <ul className={`space-y-3 sm:hidden ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={t.pageTitle}>
          {list.data.rows.map((row) => (
            <li key={row._id} className="rounded-box border border-base-300 bg-base-100 p-3 text-sm">
              <p className="font-semibold">{actionLabel(row.action)}</p>
              <p>
                <Actor actor={row.actor} />
              </p>
              <p className="mt-1 [overflow-wrap:anywhere]">
                <Target row={row} />
              </p>
              <div className="mt-1 text-xs [overflow-wrap:anywhere]">
                <Change before={row.before} after={row.after} />
              </div>
              <p className="mt-1 text-xs text-base-content/75">
                <time dateTime={row.at}>{when(row.at, code)}</time> ·{' '}
                <span className="font-mono" translate="no">
                  {row.ip ?? '—'}
                </span>
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
              {t.pageTitle}, {formatNumber(page, code)}
            </caption>
            <thead>
              <tr>
                {columns.map((c) => (
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
                    <time dateTime={row.at}>{when(row.at, code)}</time>
                  </td>
                  <td className="min-w-40">
                    <Actor actor={row.actor} />
                  </td>
                  <td className="whitespace-nowrap">{actionLabel(row.action)}</td>
                  <td className="min-w-40">
                    <Target row={row} />
                  </td>
                  <td className="min-w-48 text-xs [overflow-wrap:anywhere]">
                    <Change before={row.before} after={row.after} />
                  </td>
                  <td className="font-mono text-xs whitespace-nowrap" translate="no">
                    {row.ip ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={page} pageSize={AUDIT_PAGE_SIZE} total={list.data.total} onPageChange={(next) => setParams(withPage(params, next))} label={t.pagesLabel} />
      </>
    );
  }

  return (
    <section>
      <PageTitle title={t.pageTitle} />
      <header className="mb-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.pageTitle}</h1>
        <p className="mt-1 max-w-3xl text-base-content/80">{t.pageIntro}</p>
      </header>
      {/* Keyed by the URL's filters: Reset and back/forward refill the fields. */}
      <form key={params.toString()} className="mb-6 grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto]" onSubmit={onSubmit}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t.actorLabel}
          <input name="actor" type="search" className="input w-full" defaultValue={filters.actor ?? ''} maxLength={254} autoComplete="off" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t.actionLabel}
          <select name="action" className="select w-full" defaultValue={filters.action ?? ''}>
            <option value="">{t.anyAction}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {actions[a]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t.fromLabel}
          <NamedDateInput id="audit-from" name="from" aria-label={t.fromLabel} className="input w-full" defaultValue={filters.from ?? ''} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t.toLabel}
          <NamedDateInput id="audit-to" name="to" aria-label={t.toLabel} className="input w-full" defaultValue={filters.to ?? ''} />
        </label>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
          <button type="submit" className="btn btn-primary">
            {t.apply}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setParams(new URLSearchParams())}>
            {t.reset}
          </button>
        </div>
      </form>
      {body}
    </section>
  );
}
