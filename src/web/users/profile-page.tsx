import { useRef, useState } from 'react';
import { eligibleFrom } from '../../shared/matching/model';
import { todayInDhaka } from '../../shared/dates/model';
import { accountKey, isPhoneOnlyEmail, isProfileComplete } from '../../shared/users/model';
import type { User } from '../../shared/users/schemas';
import { formatRequestDate as formatDate } from '../donation-requests';
import { formatNumber, lang, useMessages } from '../i18n';
import { PageTitle } from '../components/page-title';
import { Spinner } from '../components/spinner';
import { useAuth } from '../lib/auth';
import { DonationsSection } from './donations/donations-section';
import { NotificationSettingsSection } from './notification-settings';
import { PhoneFact, PhoneVerification } from './phone-verification';
import { PrivacySection } from './privacy/privacy-section';
import { usePlaceNames } from '../locations/api';
import { ProfileForm } from './profile-form';
import { profileText, roleText, userStatusText } from './texts';
import { UserAvatar } from './user-avatar';

function ProfileView({ user, onEdit, editRef }: { user: User; onEdit: () => void; editRef: React.Ref<HTMLButtonElement> }) {
  const t = useMessages(profileText);
  const roles = useMessages(roleText);
  const statuses = useMessages(userStatusText);
  const code = useMessages(lang);
  const places = usePlaceNames([user])(user);
  const day = (iso: string) => formatDate(iso.slice(0, 10), 'short', code);
  const nextDay = eligibleFrom(user.nextEligibleDate, todayInDhaka());
  const facts: [string, React.ReactNode][] = [
    [t.email, isPhoneOnlyEmail(user.email) ? null : user.email],
    [t.phone, user.phone ? <PhoneFact user={user} /> : null],
    [t.bloodGroup, user.blood_group],
    [t.division, places.division || null],
    [t.district, places.district || null],
    [t.upazila, places.upazila || null],
    [t.available, user.available ? t.availableYes : t.availableNo],
    [t.lastDonation, user.lastDonationDate ? day(user.lastDonationDate) : null],
    [t.nextEligible, nextDay ? day(nextDay) : t.eligibleNow],
    [t.donationCount, code === 'bn' ? formatNumber(user.donationCount, code) : String(user.donationCount)],
  ];
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-6">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          <UserAvatar user={user} size="lg" />
          <div className="min-w-0 flex-1">
            <h2 data-user-content className="text-2xl font-bold break-words">
              {user.name}
            </h2>
            <p className="mt-1 flex flex-wrap justify-center gap-2 sm:justify-start">
              <span className="badge badge-outline capitalize">{roles[user.role]}</span>
              <span className={`badge capitalize ${user.status === 'active' ? 'badge-success' : 'badge-error'}`}>{statuses[user.status]}</span>
            </p>
          </div>
          <button ref={editRef} type="button" className="btn btn-primary w-full sm:w-auto" onClick={onEdit}>
            {t.edit}
          </button>
        </div>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0 rounded-box bg-base-200/60 p-3">
              <dt className="text-sm text-base-content/75">{label}</dt>
              <dd className={`font-semibold break-words ${value ? '' : 'text-base-content/75 italic'}`}>{value ?? t.notSet}</dd>
            </div>
          ))}
        </dl>
        <PhoneVerification user={user} />
      </div>
    </div>
  );
}

/** The signed-in user's profile (spec section 2): view mode, and Edit for the update form. */
export function ProfilePage() {
  const { user } = useAuth();
  const t = useMessages(profileText);
  if (!user) return <Spinner label={t.loading} />;
  // Keyed by account: another account's form never keeps this one's state.
  return <Profile key={user._id} user={user} />;
}

function Profile({ user }: { user: User }) {
  const t = useMessages(profileText);
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
      <PageTitle title={t.heading} />
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t.heading}</h1>
      {!complete && (
        <div role="status" className="alert alert-warning mb-6">
          <span>{t.completeProfile}</span>
        </div>
      )}
      {editing ? <ProfileForm user={user} onClose={close} /> : <ProfileView user={user} onEdit={() => setEditing(true)} editRef={editRef} />}
      <NotificationSettingsSection email={accountKey(user)} phoneOnly={isPhoneOnlyEmail(user.email)} />
      <DonationsSection email={accountKey(user)} nextEligibleDate={user.nextEligibleDate} />
      <PrivacySection user={user} />
    </section>
  );
}
