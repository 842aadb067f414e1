import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type RegisterUserInput, registerUserSchema } from '../../shared/users/schemas';
import { USER_MESSAGES } from '../../shared/users/texts';

export type RegisterOutput = z.output<typeof registerUserSchema>;

const schemaResolver = zodResolver(registerUserSchema);

/**
 * Loaded at the visitor's first interaction with the registration page (see lib/lazy-resolver).
 *
 * The shared schema checks "passwords match" only once every other field is valid (zod skips an
 * object's refinements after a field fails). On a form that validates field by field, the
 * mismatch must show as soon as the confirmation is touched, so it is checked here too.
 */
export const registerResolver: Resolver<RegisterUserInput, unknown, RegisterOutput> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const hasErrors = Object.keys(result.errors).length > 0;
  if (hasErrors && !result.errors.confirm_password && values.confirm_password !== values.password) {
    return { values: {}, errors: { ...result.errors, confirm_password: { type: 'custom', message: USER_MESSAGES.passwordMismatch } } };
  }
  return result;
};
