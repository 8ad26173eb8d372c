/** The name a guest account starts with (Better Auth's anonymous plugin's, kept as is). */
export const GUEST_DEFAULT_NAME = 'Anonymous';

/** The name a guest chose, to carry into a sign-up form; none while it is still the default. */
export const chosenGuestName = (name: string | null | undefined): string =>
  name && name !== GUEST_DEFAULT_NAME ? name : '';
