import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { AUTH_ENDPOINTS } from '../../shared/api/session-endpoints';
import type { BloodGroup } from '../../shared/matching/model';
import type { Role, UserStatus } from '../../shared/users/model';
import type { UpdateProfileInput } from '../../shared/users/schemas';
import { getPage, publicApi, secureApi } from '../lib/api-client';
import { userKeys } from '../lib/auth';


/** The admin's users table shows ten rows a page. */
export const USERS_PAGE_SIZE = 10;

export interface UserListFilters {
  /** undefined: every status (and below, every role, every group, no search). */
  status?: UserStatus;
  role?: Role;
  bloodGroup?: BloodGroup;
  /** A part of the name or email, or a whole phone number (issue 38). */
  q?: string;
  page: number;
}

/** Query keys of the admin's users list; every change to a user invalidates `userListKeys.all`. */
export const userListKeys = {
  all: ['users', 'list'] as const,
  list: (f: UserListFilters) =>
    ['users', 'list', { status: f.status ?? 'all', role: f.role ?? 'all', bloodGroup: f.bloodGroup ?? 'all', q: f.q ?? '', page: f.page }] as const,
};

export const authProviderKeys = { all: ['auth', 'providers'] as const };

/** GET /users?page&limit&status&role&bloodGroup&q (admin): one page of users and the total (X-Total-Count). */
export function useUserList(filters: UserListFilters) {
  const { page, status, role, bloodGroup, q } = filters;
  return useQuery({
    queryKey: userListKeys.list(filters),
    queryFn: ({ signal }) => getPage(secureApi, ENDPOINTS.users, { page, limit: USERS_PAGE_SIZE, status, role, bloodGroup, q }, signal),
    placeholderData: keepPreviousData,
  });
}

export type UserChange = { status: UserStatus; role?: never } | { role: Role; status?: never };

/**
 * PATCH /users?status=...&&email=... or PATCH /users?role=...&&email=... (the spec's exact shape).
 * Afterwards the list refetches, and so does the changed user's own profile and admin flag
 * (an admin changing their own role loses the admin pages at once).
 */
export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, change }: { email: string; change: UserChange }) => secureApi.call(ENDPOINTS.changeUser, { args: { email, ...change } }),
    onSettled: async (_data, _error, { email }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userListKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.detail(email) }),
        queryClient.invalidateQueries({ queryKey: userKeys.isAdmin(email) }),
      ]);
    },
  });
}

/** PATCH /users/{email}: the owner's profile; the profile (and the navbar avatar) refetch after. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileInput) => secureApi.call(ENDPOINTS.updateProfile, { args: { email }, body }),
    onSuccess: async ({ modifiedCount }) => {
      if (modifiedCount > 0) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: userKeys.detail(email) }),
          queryClient.invalidateQueries({ queryKey: userListKeys.all }),
        ]);
      }
    },
  });
}

/** GET /auth/providers: which social sign-ins this server has configured. */
export function useAuthProviders() {
  return useQuery({
    queryKey: authProviderKeys.all,
    queryFn: ({ signal }) => publicApi.call(ENDPOINTS.authProviders, { signal }),
    staleTime: Infinity,
  });
}

/** POST /auth/phone-number/send-otp (issue 32): a code by SMS to the number; the answer is the same whether one went or not. */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (phoneNumber: string) => publicApi.post(AUTH_ENDPOINTS.sendPhoneCode.path, { phoneNumber }),
  });
}

/** POST /auth/phone-number/verify, signed in: the number becomes the account's verified phone; the profile refetches. */
export function useVerifyPhoneCode(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { phoneNumber: string; code: string }) => publicApi.post(AUTH_ENDPOINTS.verifyPhoneCode.path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.detail(email) }),
  });
}
