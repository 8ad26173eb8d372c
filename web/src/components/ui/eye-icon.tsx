/**
 * The show-password button's eye, struck through while the password shows. Drawn here rather than
 * taken from lucide-react: the icon library's shared code costs the sign-in screen about 1.8 KB of
 * its 100 KB budget (decision 0029).
 */
export function EyeIcon({ struck }: { struck: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4"
      aria-hidden
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {struck && <path d="M3 3l18 18" />}
    </svg>
  );
}
