import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '../../shared/users/schemas';

/** Loaded at the visitor's first interaction with the login page (see lib/lazy-resolver). */
export const loginResolver = zodResolver(loginSchema);
