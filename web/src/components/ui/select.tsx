import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { FIELD_CLASSES } from './input';

/** A native select, styled like `Input`. `className` is for layout (width) only. */
export function Select({
  className,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={cn(FIELD_CLASSES, 'px-3', className)} {...props} />;
}
