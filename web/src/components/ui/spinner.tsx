import { cn } from '@/lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({
  size = 'md',
  inverse = false,
  className,
  label = 'Loading',
}: {
  size?: keyof typeof sizes;
  /** White, on a coloured button. */
  inverse?: boolean;
  /** Layout only (margins). */
  className?: string;
  label?: string;
}) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn(
        'inline-block animate-spin rounded-full border-2 border-t-transparent',
        sizes[size],
        inverse ? 'border-primary-foreground' : 'border-accent',
        className,
      )}
    />
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}
