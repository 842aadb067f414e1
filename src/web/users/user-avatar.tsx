import type { User } from '../../shared/users/schemas';

const SIZES = { sm: 'size-10 text-base', lg: 'size-24 text-3xl' } as const;

interface UserAvatarProps {
  user: Pick<User, 'name' | 'avatar'>;
  size?: keyof typeof SIZES;
  /** Empty when the name is shown next to the picture (the picture adds nothing then). */
  alt?: string;
}

/** The user's photo, or the first letter of the name when there is none. */
export function UserAvatar({ user, size = 'sm', alt = '' }: UserAvatarProps) {
  const box = `${SIZES[size]} inline-flex shrink-0 overflow-hidden rounded-full bg-base-300 align-middle`;
  if (user.avatar) {
    return (
      <span className={box}>
        <img src={user.avatar} alt={alt} className="size-full object-cover" loading="lazy" decoding="async" />
      </span>
    );
  }
  return (
    <span className={`${box} items-center justify-center font-semibold`} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
      {user.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
