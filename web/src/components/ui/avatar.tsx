import { cn } from '@/lib/cn';

/** The user's picture, else the first letter of their name or email. */
export function Avatar({
  name,
  email,
  image,
  className,
}: {
  name?: string | null;
  email?: string | null;
  image?: string | null;
  className?: string;
}) {
  const label = name?.trim() || email || '?';
  if (image) return <img src={image} alt="" className={cn('size-8 rounded-full object-cover', className)} />;
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-8 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700',
        className,
      )}
    >
      {label.charAt(0).toUpperCase()}
    </span>
  );
}
