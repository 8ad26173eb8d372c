import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

/** How every form field looks (inputs and selects): one border, one focus, one invalid state. */
export const FIELD_CLASSES =
  'rounded-md border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 py-2 text-sm shadow-sm focus:border-indigo-500 dark:focus:border-indigo-400 aria-[invalid=true]:border-red-500 dark:aria-[invalid=true]:border-red-400';

export function Input({
  className,
  ref,
  endButton = false,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>;
  /** Room on the right for a button laid over the field (show the password). */
  endButton?: boolean;
  /** Layout only (width). */
  className?: string;
}) {
  return (
    <input
      ref={ref}
      className={cn(
        'block w-full placeholder:text-slate-400 dark:placeholder:text-slate-500',
        FIELD_CLASSES,
        endButton ? 'pr-10 pl-3' : 'px-3',
        className,
      )}
      {...props}
    />
  );
}
