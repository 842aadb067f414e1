import { zodResolver } from '@hookform/resolvers/zod';
import { accountKey, isPhoneOnlyEmail } from '../../shared/users/model';
import { useEffect, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { todayInDhaka } from '../../shared/dates/model';
import { type UpdateProfileInput, updateProfileSchema, type User } from '../../shared/users/schemas';
import { successDialog } from '../components/dialogs';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { toast } from '../lib/toast';
import { useUpdateProfile } from './api';
import { AvatarField } from './form/avatar-field';
import { DateField } from '../components/form/date-time-inputs';
import { BloodGroupSelect, FormAlert, TextField } from '../components/form/form-fields';
import { applyServerError } from './form/server-errors';
import { profileFormText } from './texts';
import { LocationFields } from './form/location-fields';

type ProfileOutput = z.output<typeof updateProfileSchema>;

const FIELDS = ['name', 'avatar', 'blood_group', 'division', 'district', 'upazila', 'lastDonationDate', 'available', 'phone'] as const;

interface ProfileFormProps {
  user: User;
  /** Back to the profile view (after a save, or on Cancel). */
  onClose: () => void;
}

/** "Update your profile": prefilled from the user record; the photo is optional. */
export function ProfileForm({ user, onClose }: ProfileFormProps) {
  const t = useMessages(profileFormText);
  const message = useMessageText();
  const update = useUpdateProfile(accountKey(user));
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen reader users land on the form's title when it opens.
  useEffect(() => titleRef.current?.focus(), []);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileInput, unknown, ProfileOutput>({
    mode: 'onTouched',
    resolver: zodResolver(updateProfileSchema),
    defaultValues: {
      name: user.name,
      // '' keeps the old avatar; a newly chosen picture's URL replaces it.
      avatar: '',
      ...(user.blood_group ? { blood_group: user.blood_group } : {}),
      division: user.divisionId ?? '',
      district: user.districtId ?? '',
      upazila: user.upazilaId ?? '',
      lastDonationDate: user.lastDonationDate ?? '',
      available: user.available,
      // The owner's own view has the phone; '' clears it.
      phone: user.phone ?? '',
    },
  });
  const avatar = useController({ control, name: 'avatar' });
  const lastDonation = useController({ control, name: 'lastDonationDate' });

  const onSubmit = handleSubmit(async ({ avatar: newAvatar, ...values }) => {
    setFormError(null);
    try {
      const { modifiedCount } = await update.mutateAsync({ ...values, email: user.email, ...(newAvatar ? { avatar: newAvatar } : {}) });
      if (modifiedCount === 0) {
        toast.error(t.noChanges, { duration: 1500 });
        return;
      }
    } catch (error) {
      setFormError(message(applyServerError(error, FIELDS, setError) ?? undefined) ?? null);
      return;
    }
    // Spec section 8: the registration's message is also the one shown after a profile update.
    await successDialog(t.saved, { timer: 1500 });
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-form-title" className={`card border border-base-300 bg-base-100 shadow-sm`}>
      <div className="card-body gap-5">
        <h2 id="profile-form-title" ref={titleRef} tabIndex={-1} className="text-xl font-bold outline-none">
          {t.title}
        </h2>
        <AvatarField
          label={t.newPhoto}
          currentUrl={user.avatar}
          error={message(avatar.fieldState.error?.message)}
          onChange={avatar.field.onChange}
          onBlur={avatar.field.onBlur}
          onUploadingChange={setUploading}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="profile-name" label={t.fullName} autoComplete="name" error={message(errors.name?.message)} {...register('name')} />
          {/* A phone-only account (issue 32) has no address to show. */}
          {!isPhoneOnlyEmail(user.email) && (
            <TextField id="profile-email" label={t.email} type="email" value={user.email} readOnly hint={t.emailHint} className="[&_input]:bg-base-200" />
          )}
          <BloodGroupSelect id="profile-blood-group" error={message(errors.blood_group?.message)} {...register('blood_group')} />
          <DateField
            id="profile-last-donation"
            label={t.lastDonation}
            max={todayInDhaka()}
            hint={t.lastDonationHint}
            error={message(errors.lastDonationDate?.message)}
            value={lastDonation.field.value ?? ''}
            onChange={lastDonation.field.onChange}
            onBlur={lastDonation.field.onBlur}
          />
          <TextField
            id="profile-phone"
            label={t.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="01712345678"
            hint={t.phoneHint}
            error={message(errors.phone?.message)}
            {...register('phone')}
          />
        </div>
        <div>
          <label htmlFor="profile-available" className="flex cursor-pointer items-start gap-3">
            <input id="profile-available" type="checkbox" className="toggle toggle-primary mt-0.5" aria-describedby="profile-available-hint" {...register('available')} />
            <span className="font-medium">{t.available}</span>
          </label>
          <p id="profile-available-hint" className="mt-1 ml-15 text-sm text-base-content/75">
            {t.availableHint}
          </p>
        </div>
        <LocationFields control={control} errors={errors} idPrefix="profile" />

        <FormAlert message={formError} />

        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting || uploading}>
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t.save}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={isSubmitting}>
            {t.cancel}
          </button>
        </div>
      </div>
    </form>
  );
}
