import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPasswordSchema, resetPasswordFormSchema } from '../../shared/users/schemas';
import { USER_MESSAGES } from '../../shared/users/texts';

/** Loaded at the visitor's first interaction with the forgot-password page (see lib/lazy-resolver). */
export const forgotResolver = zodResolver(forgotPasswordSchema);

const resetSchemaResolver = zodResolver(resetPasswordFormSchema);

/**
 * Loaded at the visitor's first interaction with the reset page. As on registration
 * (register-resolver.ts), a mismatch shows as soon as the confirmation is touched, even while the
 * new password itself is still refused (zod skips the refinement then).
 */
export const resetResolver: Resolver<z.input<typeof resetPasswordFormSchema>, unknown, z.output<typeof resetPasswordFormSchema>> = async (values, context, options) => {
  const result = await resetSchemaResolver(values, context, options);
  if (Object.keys(result.errors).length > 0 && !result.errors.confirm_password && values.confirm_password !== values.newPassword) {
    return { values: {}, errors: { ...result.errors, confirm_password: { type: 'custom', message: USER_MESSAGES.passwordMismatch } } };
  }
  return result;
};
