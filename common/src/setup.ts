import { z } from 'zod';
import { signUpSchema } from './validation';

/** The query parameter of /setup that carries the one-time token the start printed. */
export const SETUP_TOKEN_PARAM = 'token';

/** How long a printed setup link works; a restart prints a fresh one. */
export const SETUP_LINK_MINUTES = 60;

/** The first admin: the same name, address and password rules as a sign-up, with the link's token. */
export const setupSchema = signUpSchema.extend({
  token: z
    .string({ message: 'The setup token is required' })
    .min(1, 'The setup token is required')
    .max(200, 'The setup token is too long'),
});
export type SetupInput = z.infer<typeof setupSchema>;

/** The refusals the setup page tells apart. */
export const SETUP_ERROR_CODES = {
  /** An admin exists: setup is over, for good. */
  SETUP_DONE: 'SETUP_DONE',
  /** The token is made up, expired or spent. */
  INVALID_SETUP_LINK: 'INVALID_SETUP_LINK',
  /** The address has an account whose password is another. */
  SETUP_ADDRESS_TAKEN: 'SETUP_ADDRESS_TAKEN',
} as const;

/** What creating the first admin answers: the account, and whether this browser is now signed in to it. */
export interface SetupAnswer {
  user: { id: string; email: string; name: string; role: string };
  /** False when the sign-in still waits for a second factor (an existing account that has one). */
  signedIn: boolean;
}
