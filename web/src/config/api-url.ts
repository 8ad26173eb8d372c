/** Where the server is: the API may live on another origin (then it lists this SPA in TRUSTED_ORIGINS). */
export const API_URL = (import.meta.env.VITE_API_URL as string | undefined) ?? window.location.origin;
