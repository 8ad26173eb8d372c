import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

/** How every form field looks (inputs and selects): one border, one focus, one invalid state. */
export const FIELD_CLASSES =
  'rounded-md border border-input bg-surface py-2 text-sm shadow-sm focus:border-ring aria-[invalid=true]:border-danger';

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
        'block w-full placeholder:text-muted-foreground',
        FIELD_CLASSES,
        endButton ? 'pr-10 pl-3' : 'px-3',
        className,
      )}
      {...props}
    />
  );
}
