import { ROLE_TRANSITIONS, STATUS_TRANSITIONS } from '../../shared/users/policy';
import { shownEmail } from '../../shared/users/model';
import type { Role, UserStatus } from '../../shared/users/model';
import type { User } from '../../shared/users/schemas';
import { confirmDialog, errorDialog, successDialog } from '../components/dialogs';
import { formatNumber, lang, useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { type UserChange, useChangeUser } from './api';
import { failureMessage } from './form/server-errors';
import { roleText, userRowText, userStatusText } from './texts';
import { UserAvatar } from './user-avatar';

type RowTexts = ReturnType<typeof userRowText.get>;

const ROLE_KEYS = {
  admin: { make: 'makeAdmin', become: 'becomeAdmin', confirm: 'confirmAdmin', done: 'nowAdmin' },
  volunteer: { make: 'makeVolunteer', become: 'becomeVolunteer', confirm: 'confirmVolunteer', done: 'nowVolunteer' },
  donner: { make: 'makeDonner', become: 'becomeDonner', confirm: 'confirmDonner', done: 'nowDonner' },
} as const satisfies Record<Role, Record<string, keyof RowTexts>>;

const STATUS_KEYS = {
  blocked: { label: 'block', confirm: 'confirmBlock', text: 'blockText', done: 'accountBlocked' },
  active: { label: 'activate', confirm: 'confirmActivate', text: 'activateText', done: 'accountActive' },
} as const satisfies Record<UserStatus, Record<string, keyof RowTexts>>;

interface UserItemProps {
  user: User;
  number: number;
  /** The signed-in admin's own account: nothing is offered (another admin changes it). */
  isSelf: boolean;
}

/** The allowed moves of one account, each behind a confirmation. */
function useUserActions(user: User) {
  const t = useMessages(userRowText);
  const message = useMessageText();
  const change = useChangeUser();

  const run = async (what: UserChange, confirm: { text: string; confirmText: string }, done: string) => {
    const ok = await confirmDialog({ title: t.confirmTitle, text: confirm.text, confirmText: confirm.confirmText, cancelText: t.cancel });
    if (!ok) return;
    try {
      await change.mutateAsync({ email: user.email, change: what });
    } catch (error) {
      await errorDialog(t.notChanged, message(failureMessage(error)) ?? '', t.ok);
      return;
    }
    await successDialog(done, { timer: 1500 });
  };

  const changeStatus = (status: UserStatus) => {
    const keys = STATUS_KEYS[status];
    return run({ status }, { text: t[keys.text]({ name: user.name }), confirmText: t[keys.confirm] }, t[keys.done]);
  };
  const changeRole = (role: Role) => {
    const keys = ROLE_KEYS[role];
    return run({ role }, { text: t[keys.become]({ name: user.name }), confirmText: t[keys.confirm] }, t[keys.done]);
  };
  return { t, busy: change.isPending, changeStatus, changeRole };
}

function StatusBadge({ status }: { status: UserStatus }) {
  const statuses = useMessages(userStatusText);
  return <span className={`badge badge-sm capitalize ${status === 'active' ? 'badge-success' : 'badge-error'}`}>{statuses[status]}</span>;
}

function StatusButtons({ user, actions }: { user: User; actions: ReturnType<typeof useUserActions> }) {
  const { t, busy, changeStatus } = actions;
  return STATUS_TRANSITIONS[user.status].map((next) => (
    <button
      key={next}
      type="button"
      className={`btn btn-xs ${next === 'blocked' ? 'btn-error' : 'btn-success'}`}
      disabled={busy}
      onClick={() => void changeStatus(next)}
    >
      {t[STATUS_KEYS[next].label]}
      <span data-user-content className="sr-only"> {user.name}</span>
    </button>
  ));
}

function RoleButtons({ user, actions }: { user: User; actions: ReturnType<typeof useUserActions> }) {
  const { t, busy, changeRole } = actions;
  return ROLE_TRANSITIONS[user.role].map((role) => (
    <button key={role} type="button" className="btn btn-xs btn-outline" disabled={busy} onClick={() => void changeRole(role)}>
      {t[ROLE_KEYS[role].make]}
      <span data-user-content className="sr-only"> ({user.name})</span>
    </button>
  ));
}

/** The row's number, in Bangla digits in Bangla mode. */
function useNumber(number: number): string {
  const code = useMessages(lang);
  return code === 'bn' ? formatNumber(number, code) : String(number);
}

function Name({ user, isSelf, t }: { user: User; isSelf: boolean; t: RowTexts }) {
  return (
    <>
      <span data-user-content className="break-words">{user.name}</span>
      {isSelf && <span className="badge badge-ghost badge-sm ml-2">{t.you}</span>}
    </>
  );
}

/** One user of the admin's table (wide screens), with only the moves the transition tables allow. */
export function UserRow({ user, number, isSelf }: UserItemProps) {
  const actions = useUserActions(user);
  const roles = useMessages(roleText);
  const { t } = actions;
  const shownNumber = useNumber(number);
  return (
    <tr>
      <td className="text-base-content/75">{shownNumber}</td>
      <td>
        <UserAvatar user={user} />
      </td>
      <td className="font-medium">
        <Name user={user} isSelf={isSelf} t={t} />
      </td>
      <td>{shownEmail(user.email) ?? '—'}</td>
      <td className="capitalize">{roles[user.role]}</td>
      <td>
        <div className="flex items-center gap-2">
          <StatusBadge status={user.status} />
          {!isSelf && <StatusButtons user={user} actions={actions} />}
        </div>
      </td>
      <td>
        {isSelf ? (
          <p className="max-w-48 text-sm whitespace-normal text-base-content/75">{t.ownAccount}</p>
        ) : (
          <div className="flex flex-col items-start gap-1">
            <RoleButtons user={user} actions={actions} />
          </div>
        )}
      </td>
    </tr>
  );
}

/** The same user as a card (phones): everything visible without sideways scrolling. */
export function UserCard({ user, number, isSelf }: UserItemProps) {
  const actions = useUserActions(user);
  const roles = useMessages(roleText);
  const { t } = actions;
  const shownNumber = useNumber(number);
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex items-start gap-3">
        <UserAvatar user={user} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            <span className="mr-1 font-normal text-base-content/75">{shownNumber}.</span>
            <Name user={user} isSelf={isSelf} t={t} />
          </p>
          <p className="text-sm [overflow-wrap:anywhere] text-base-content/80">{shownEmail(user.email) ?? '—'}</p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <span className="badge badge-outline badge-sm capitalize">{roles[user.role]}</span>
            <StatusBadge status={user.status} />
          </p>
        </div>
      </div>
      {isSelf ? (
        <p className="mt-3 text-sm text-base-content/75">{t.ownAccount}</p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <StatusButtons user={user} actions={actions} />
          <RoleButtons user={user} actions={actions} />
        </div>
      )}
    </li>
  );
}
