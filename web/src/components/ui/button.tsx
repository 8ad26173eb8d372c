import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-300 dark:disabled:bg-indigo-800',
  secondary:
    'border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 text-slate-800 dark:text-slate-200 hover:bg-slate-50 dark:hover:bg-slate-800 disabled:text-slate-400 dark:disabled:text-slate-500',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300 dark:disabled:bg-red-900',
  ghost:
    'text-slate-700 dark:text-slate-300 hover:bg-slate-100 dark:hover:bg-slate-800 disabled:text-slate-400 dark:disabled:text-slate-500',
  /** A destructive action beside others in a row (delete a key, cancel an invitation). */
  'danger-ghost':
    'text-red-600 dark:text-red-300 hover:bg-red-50 dark:hover:bg-red-950 disabled:text-red-300 dark:disabled:text-red-800',
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
    'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    className,
  );

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
