import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ENDPOINTS } from '../../shared/endpoints';
import { USER_STATUSES, type UserStatus } from '../../shared/users';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { lang, useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { useCsvDownload } from '../insight/api';
import { useAuth } from '../lib/auth';
import { USERS_PAGE_SIZE, useUserList } from './api';
import { failureMessage } from './form/server-errors';
import { allUsersText } from './texts';
import { UserCard, UserRow } from './user-row';

const COLUMNS = ['number', 'avatar', 'name', 'email', 'role', 'status', 'changeRole'] as const;

/** The filter and page live in the URL (?status=blocked&page=2): reload and back keep them. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = (USER_STATUSES as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as UserStatus) : undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const set = (next: { status?: UserStatus; page: number }) => {
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };
  return { status, page, set };
}

/** Admin: every user, with block/activate and role changes (spec sections 2 and 4). */
export function AllUsersPage() {
  const t = useMessages(allUsersText);
  const code = useMessages(lang);
  const message = useMessageText();
  const { user: me } = useAuth();
  const { status, page, set } = useListParams();
  const list = useUserList({ status, page });
  const csv = useCsvDownload(ENDPOINTS.usersCsv);
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  // A page that no longer exists (the last user of it was filtered away): show the last one.
  const beyondEnd = list.isSuccess && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (beyondEnd) set({ status, page: lastPage });
  });

  return (
    <section>
      <PageTitle title={t.heading} />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t.heading}</h1>
          <p className="mt-1 text-lg font-semibold" aria-live="polite">
            {list.data ? t.total({ count: code === 'bn' ? total : String(total) }) : '\u00a0'}
          </p>
        </div>
        <div className="sm:w-48">
          <label htmlFor="users-status-filter" className="mb-1 block text-sm font-medium">
            {t.filter}
          </label>
          <select
            id="users-status-filter"
            className="select w-full"
            value={status ?? ''}
            onChange={(e) => set({ status: (e.target.value || undefined) as UserStatus | undefined, page: 1 })}
          >
            <option value="">{t.all}</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t[s]}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-sm btn-outline mt-2 w-full" disabled={csv.isPending} onClick={() => csv.mutate({ status })}>
            {t.exportCsv}
          </button>
        </div>
      </div>

      {list.isPending ? (
        <Spinner label={t.loading} />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{message(failureMessage(list.error))}</span>
          <button type="button" className="btn btn-sm" onClick={() => void list.refetch()}>
            {t.tryAgain}
          </button>
        </div>
      ) : list.data.rows.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-6 text-center">{status === 'active' ? t.noneActive : status === 'blocked' ? t.noneBlocked : t.none}</p>
      ) : (
        <>
          {/* Phones get cards (every field and button in view); wider screens the table, which
              still scrolls inside its box, never the page, if it is too wide (inline-size containment). */}
          <ul aria-label={t.caption({ page })} className={`space-y-3 md:hidden ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
            {list.data.rows.map((u, i) => (
              <UserCard key={u._id} user={u} number={(page - 1) * USERS_PAGE_SIZE + i + 1} isSelf={u.email === me?.email} />
            ))}
          </ul>
          <div
            role="region"
            aria-labelledby="users-table-caption"
            tabIndex={0}
            className={`hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 [contain:inline-size] md:block ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            <table className="table table-sm lg:table-md">
              <caption id="users-table-caption" className="sr-only">
                {t.caption({ page })}
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className="whitespace-nowrap">
                      {t[c]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="whitespace-nowrap">
                {list.data.rows.map((u, i) => (
                  <UserRow key={u._id} user={u} number={(page - 1) * USERS_PAGE_SIZE + i + 1} isSelf={u.email === me?.email} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageSize={USERS_PAGE_SIZE} total={total} onPageChange={(p) => set({ status, page: p })} label={t.pages} />
        </>
      )}
    </section>
  );
}
