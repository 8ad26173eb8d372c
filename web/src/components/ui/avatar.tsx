import { cn } from '@/lib/cn';

const sizes = { md: 'size-8 text-sm', lg: 'size-20 text-2xl' } as const;

/** The user's picture, else the first letter of their name or email. */
export function Avatar({
  name,
  email,
  image,
  size = 'md',
}: {
  name?: string | null;
  email?: string | null;
  image?: string | null;
  size?: keyof typeof sizes;
}) {
  const label = name?.trim() || email || '?';
  if (image) return <img src={image} alt="" className={cn('shrink-0 rounded-full object-cover', sizes[size])} />;
  return (
    <span
      aria-hidden
      className={cn(
        // The brand's own colour, faint: a tint a step stronger than a badge's, visible on any surface.
        'flex shrink-0 items-center justify-center rounded-full bg-accent/15 font-semibold text-accent',
        sizes[size],
      )}
    >
      {label.charAt(0).toUpperCase()}
    </span>
  );
}
