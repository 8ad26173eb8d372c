import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

/** How every form field looks (inputs and selects): one border, one focus, one invalid state. */
export const FIELD_CLASSES =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 aria-[invalid=true]:border-red-500';

export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <input ref={ref} className={cn('block w-full placeholder:text-slate-400', FIELD_CLASSES, className)} {...props} />
  );
}
