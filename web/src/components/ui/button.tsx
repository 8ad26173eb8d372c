import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'border border-input bg-surface text-foreground hover:bg-muted',
  danger: 'bg-destructive text-destructive-foreground hover:bg-destructive-hover',
  ghost: 'text-secondary-foreground hover:bg-muted',
  /** A destructive action beside others in a row (delete a key, cancel an invitation). */
  'danger-ghost': 'text-danger hover:bg-danger-surface',
} as const;

const sizes = {
  md: 'px-4 py-2',
  /** Inside lists and rows. */
  sm: 'px-3 py-1',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Layout only (width, margins): colours and padding come from `variant` and `size`. */
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A button's classes, for the few links that look like one (`ButtonLink`). */
export const buttonClasses = (variant: keyof typeof variants, size: keyof typeof sizes, className?: string) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
    variants[variant],
    sizes[size],
    className,
  );

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
