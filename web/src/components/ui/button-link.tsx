import type { AnchorHTMLAttributes } from 'react';
import { buttonClasses, type ButtonProps } from './button';

/** A link that looks like a `Button` (a download, a page elsewhere): it goes somewhere, it does nothing here. */
export function ButtonLink({
  variant = 'secondary',
  size = 'md',
  className,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  return <a className={buttonClasses(variant, size, className)} {...props} />;
}
