import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { secureApi } from '../../lib/api-client';

/** Saves `blob` as a file named `name` (through an object URL). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /users/{email}/export: everything the site holds about the signed-in user, saved as JSON. */
export function useExportAccount(email: string) {
  return useMutation({
    mutationFn: async () => {
      const data = await secureApi.call(ENDPOINTS.exportAccount, { args: { email } });
      saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'my-blood-donation-data.json');
    },
  });
}

/**
 * DELETE /users/{email}: the account is erased and signed out everywhere. The caller then signs
 * this browser out, which also drops every cached answer (nothing may refetch before: it would
 * meet a 401 and be sent to the login page).
 */
export function useDeleteAccount(email: string) {
  return useMutation({
    mutationFn: (confirmEmail: string) => secureApi.call(ENDPOINTS.deleteAccount, { args: { email }, body: { confirmEmail } }),
  });
}
