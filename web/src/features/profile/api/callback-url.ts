/** Where a mailed link brings the visitor back: the profile, with what the link reports. */
export const profileCallbackURL = (query = '') => `${window.location.origin}/profile${query}`;
