import { useRef, useState } from 'react';
import { todayInDhaka } from '../../shared/donation-request-rules';
import { OUTREACH_MESSAGES } from '../../shared/outreach-rules';
import { isProfileComplete, type User, USER_MESSAGES } from '../../shared/users';
import { formatDate, formatPhone } from '../lib/format';
import { PageTitle } from '../components/page-title';
import { Spinner } from '../components/spinner';
import { useAuth } from '../lib/auth';
import { ACCOUNT_TEXTS } from './form/messages';
import { DonationsSection } from './donations/donations-section';
import { NotificationSettingsSection } from './notification-settings';
import { PrivacySection } from './privacy/privacy-section';
import { ProfileForm } from './profile-form';
import { UserAvatar } from './user-avatar';

const NOT_SET = 'Not set yet';

function ProfileView({ user, onEdit, editRef }: { user: User; onEdit: () => void; editRef: React.Ref<HTMLButtonElement> }) {
  const facts: [string, string | null][] = [
    ['Email', user.email],
    [OUTREACH_MESSAGES.phoneLabel, user.phone ? formatPhone(user.phone) : null],
    ['Blood group', user.blood_group],
    ['Division', user.division],
    ['District', user.district],
    ['Upazila', user.upazila],
    [USER_MESSAGES.availableLabel, user.available ? 'Yes' : 'No, switched off'],
    [USER_MESSAGES.lastDonationLabel, user.lastDonationDate ? formatDate(user.lastDonationDate) : null],
    [USER_MESSAGES.nextEligibleLabel, user.nextEligibleDate && user.nextEligibleDate > todayInDhaka() ? formatDate(user.nextEligibleDate) : USER_MESSAGES.eligibleNow],
    [USER_MESSAGES.donationCountLabel, String(user.donationCount)],
  ];
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-6">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          <UserAvatar user={user} size="lg" />
          <div className="min-w-0 flex-1">
            <h2 className="text-2xl font-bold break-words">{user.name}</h2>
            <p className="mt-1 flex flex-wrap justify-center gap-2 sm:justify-start">
              <span className="badge badge-outline capitalize">{user.role}</span>
              <span className={`badge capitalize ${user.status === 'active' ? 'badge-success' : 'badge-error'}`}>{user.status}</span>
            </p>
          </div>
          <button ref={editRef} type="button" className="btn btn-primary w-full sm:w-auto" onClick={onEdit}>
            {ACCOUNT_TEXTS.edit}
          </button>
        </div>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0 rounded-box bg-base-200/60 p-3">
              <dt className="text-sm text-base-content/75">{label}</dt>
              <dd className={`font-semibold break-words ${value ? '' : 'text-base-content/75 italic'}`}>{value ?? NOT_SET}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/** The signed-in user's profile (spec section 2): view mode, and Edit for the update form. */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return <Spinner label="Loading your profile…" />;
  // Keyed by email: another account's form never keeps this one's state.
  return <Profile key={user.email} user={user} />;
}

function Profile({ user }: { user: User }) {
  const complete = isProfileComplete(user);
  // A first social sign-in has no blood group or location yet: open the form at once.
  const [editing, setEditing] = useState(!complete);
  const editRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setEditing(false);
    // Give focus back to the button that opened the form.
    requestAnimationFrame(() => editRef.current?.focus());
  };

  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle title={ACCOUNT_TEXTS.profileHeading} />
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{ACCOUNT_TEXTS.profileHeading}</h1>
      {!complete && (
        <div role="status" className="alert alert-warning mb-6">
          <span>{ACCOUNT_TEXTS.completeProfile}: add your blood group and location.</span>
        </div>
      )}
      {editing ? <ProfileForm user={user} onClose={close} /> : <ProfileView user={user} onEdit={() => setEditing(true)} editRef={editRef} />}
      <NotificationSettingsSection email={user.email} />
      <DonationsSection email={user.email} nextEligibleDate={user.nextEligibleDate} />
      <PrivacySection email={user.email} />
    </section>
  );
}
