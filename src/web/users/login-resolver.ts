import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '../../shared/users';

/** Loaded after the login form has painted (see lib/lazy-resolver). */
export const loginResolver = zodResolver(loginSchema);
