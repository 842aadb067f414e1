import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { phoneRegistrationSchema } from '../../shared/users/schemas';

export type PhoneRegistrationOutput = z.output<typeof phoneRegistrationSchema>;

/** Loaded at the visitor's first interaction with the registration page (see lib/lazy-resolver). */
export const phoneRegistrationResolver = zodResolver(phoneRegistrationSchema);
