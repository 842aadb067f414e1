import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { BLOOD_GROUPS, type BloodGroup } from '../../shared/matching/model';
import { ROLES, type Role, USER_SEARCH_MAX_LENGTH, USER_STATUSES, type UserStatus } from '../../shared/users/model';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { lang, useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { useCsvDownload } from '../insight/api';
import { useAuth } from '../lib/auth';
import { USERS_PAGE_SIZE, useUserList } from './api';
import { failureMessage } from './form/server-errors';
import { allUsersText, roleText } from './texts';
import { UserCard, UserRow } from './user-row';

const COLUMNS = ['number', 'avatar', 'name', 'email', 'role', 'status', 'changeRole'] as const;

/** What the list is narrowed to (issue 38: search, role and blood group beside the spec's status). */
interface ListFilters {
  status?: UserStatus;
  role?: Role;
  bloodGroup?: BloodGroup;
  q?: string;
}

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  (values as readonly string[]).includes(raw ?? '') ? (raw as T) : undefined;

/** The filters and page live in the URL (?q=rahima&role=donner&bloodGroup=A%2B&status=blocked&page=2): reload and back keep them. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, USER_SEARCH_MAX_LENGTH) || undefined;
  const filters: ListFilters = {
    status: oneOf(USER_STATUSES, params.get('status')),
    role: oneOf(ROLES, params.get('role')),
    bloodGroup: oneOf(BLOOD_GROUPS, params.get('bloodGroup')),
    q,
  };
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const set = (next: ListFilters & { page: number }) => {
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.role) query.set('role', next.role);
    if (next.bloodGroup) query.set('bloodGroup', next.bloodGroup);
    if (next.status) query.set('status', next.status);
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };
  return { filters, page, set };
}

interface FilterSelectProps<T extends string> {
  id: string;
  label: string;
  anyLabel: string;
  values: readonly T[];
  labels?: Record<T, string>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}

/** One labelled select of the filter bar, '' meaning "any". */
function FilterSelect<T extends string>({ id, label, anyLabel, values, labels, value, onChange }: FilterSelectProps<T>) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} className="select w-full" value={value ?? ''} onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}>
        <option value="">{anyLabel}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labels ? labels[v] : v}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Admin: every user, with search, filters, block/activate and role changes (spec sections 2 and 4; issue 38). */
export function AllUsersPage() {
  const t = useMessages(allUsersText);
  const roles = useMessages(roleText);
  const code = useMessages(lang);
  const message = useMessageText();
  const { user: me } = useAuth();
  const { filters, page, set } = useListParams();
  const { status } = filters;
  const list = useUserList({ ...filters, page });
  const csv = useCsvDownload(ENDPOINTS.usersCsv);
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  // The search box's text; the list follows it when the form is sent (Enter or the button).
  // When the URL's search changes otherwise (Clear, back), the box shows it.
  const [search, setSearch] = useState(filters.q ?? '');
  const [searchOf, setSearchOf] = useState(filters.q);
  if (searchOf !== filters.q) {
    setSearchOf(filters.q);
    setSearch(filters.q ?? '');
  }
  const narrowed = Boolean(filters.q || filters.role || filters.bloodGroup);
  const change = (next: Partial<ListFilters>) => set({ ...filters, ...next, page: 1 });

  // A page that no longer exists (the last user of it was filtered away): show the last one.
  const beyondEnd = list.isSuccess && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (beyondEnd) set({ ...filters, page: lastPage });
  });

  return (
    <section>
      <PageTitle title={t.heading} />
      <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t.heading}</h1>
          <p className="mt-1 text-lg font-semibold" aria-live="polite">
            {list.data ? t.total({ count: code === 'bn' ? total : String(total) }) : '\u00a0'}
          </p>
        </div>
        <button type="button" className="btn btn-sm btn-outline self-start sm:self-auto" disabled={csv.isPending} onClick={() => csv.mutate({ status })}>
          {t.exportCsv}
        </button>
      </div>

      <div className="mb-6 space-y-3 rounded-box border border-base-300 bg-base-100 p-4">
        <form
          role="search"
          aria-label={t.searchLabel}
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            change({ q: search.trim() || undefined });
          }}
        >
          <div className="min-w-0 flex-1">
            <label htmlFor="users-search" className="mb-1 block text-sm font-medium">
              {t.searchLabel}
            </label>
            <input
              id="users-search"
              type="search"
              className="input w-full"
              maxLength={USER_SEARCH_MAX_LENGTH}
              autoComplete="off"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary">
            {t.searchButton}
          </button>
        </form>
        <div className="grid gap-3 sm:grid-cols-3">
          <FilterSelect
            id="users-status-filter"
            label={t.filter}
            anyLabel={t.all}
            values={USER_STATUSES}
            labels={{ active: t.active, blocked: t.blocked }}
            value={status}
            onChange={(next) => change({ status: next })}
          />
          <FilterSelect id="users-role-filter" label={t.roleFilter} anyLabel={t.allRoles} values={ROLES} labels={roles} value={filters.role} onChange={(next) => change({ role: next })} />
          <FilterSelect
            id="users-blood-group-filter"
            label={t.bloodGroupFilter}
            anyLabel={t.allGroups}
            values={BLOOD_GROUPS}
            value={filters.bloodGroup}
            onChange={(next) => change({ bloodGroup: next })}
          />
        </div>
        {(narrowed || status) && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => set({ page: 1 })}>
            {t.clearFilters}
          </button>
        )}
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
        <p className="rounded-box border border-base-300 bg-base-100 p-6 text-center">
          {narrowed ? t.noMatch : status === 'active' ? t.noneActive : status === 'blocked' ? t.noneBlocked : t.none}
        </p>
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
          <Pagination page={page} pageSize={USERS_PAGE_SIZE} total={total} onPageChange={(p) => set({ ...filters, page: p })} label={t.pages} />
        </>
      )}
    </section>
  );
}
