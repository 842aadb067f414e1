import { ROLE_TRANSITIONS, type Role, STATUS_TRANSITIONS, type User, USER_MESSAGES, type UserStatus } from '../../shared/users';
import { confirmDialog, errorDialog, successDialog } from '../components/dialogs';
import { type UserChange, useChangeUser } from './api';
import { failureMessage } from './form/server-errors';
import { UserAvatar } from './user-avatar';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const STATUS_ACTION: Record<UserStatus, { label: string; confirm: string; text: (name: string) => string }> = {
  blocked: { label: 'Block', confirm: 'Yes, block', text: (name) => `${name} will be blocked and will not be able to create donation requests.` },
  active: { label: 'Activate', confirm: 'Yes, activate', text: (name) => `${name} will be active again and able to create donation requests.` },
};

const STATUS_DONE: Record<UserStatus, string> = { active: USER_MESSAGES.accountActive, blocked: USER_MESSAGES.accountBlocked };

/** One user of the admin's table, with only the moves the transition tables allow. */
export function UserRow({ user, number, isSelf }: { user: User; number: number; isSelf: boolean }) {
  const change = useChangeUser();

  const run = async (what: UserChange, confirm: { text: string; confirmText: string }, done: string) => {
    const ok = await confirmDialog({
      title: USER_MESSAGES.confirmTitle,
      text: isSelf ? `This is your own account. ${confirm.text}` : confirm.text,
      confirmText: confirm.confirmText,
    });
    if (!ok) return;
    try {
      await change.mutateAsync({ email: user.email, change: what });
    } catch (error) {
      await errorDialog('The account was not changed', failureMessage(error));
      return;
    }
    await successDialog(done, { timer: 1500 });
  };

  const changeStatus = (status: UserStatus) =>
    run({ status }, { text: STATUS_ACTION[status].text(user.name), confirmText: STATUS_ACTION[status].confirm }, STATUS_DONE[status]);
  const changeRole = (role: Role) =>
    run({ role }, { text: `${user.name} will become ${role === 'admin' ? 'an' : 'a'} ${role}.`, confirmText: `Yes, make ${role}` }, USER_MESSAGES.roleChanged[role]);

  const busy = change.isPending;
  return (
    <tr>
      <td className="text-base-content/75">{number}</td>
      <td>
        <UserAvatar user={user} />
      </td>
      <td className="font-medium">
        {user.name}
        {isSelf && <span className="badge badge-ghost badge-sm ml-2">You</span>}
      </td>
      <td>{user.email}</td>
      <td className="capitalize">{user.role}</td>
      <td>
        <div className="flex items-center gap-2">
          <span className={`badge badge-sm capitalize ${user.status === 'active' ? 'badge-success' : 'badge-error'}`}>{user.status}</span>
          {STATUS_TRANSITIONS[user.status].map((next) => (
            <button
              key={next}
              type="button"
              className={`btn btn-xs ${next === 'blocked' ? 'btn-error' : 'btn-success'}`}
              disabled={busy}
              onClick={() => void changeStatus(next)}
            >
              {STATUS_ACTION[next].label}
              <span className="sr-only"> {user.name}</span>
            </button>
          ))}
        </div>
      </td>
      <td>
        <div className="flex flex-col items-start gap-1">
          {ROLE_TRANSITIONS[user.role].map((role) => (
            <button key={role} type="button" className="btn btn-xs btn-outline" disabled={busy} onClick={() => void changeRole(role)}>
              Make {capitalize(role)}
              <span className="sr-only"> ({user.name})</span>
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}
