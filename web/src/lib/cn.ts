import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, skipping false and empty ones. It does not settle conflicts between Tailwind
 * classes (that would take tailwind-merge, 8 KB more on the sign-in screen, decision 0024): a
 * component takes its variants as props, and `className` adds only what the component does not
 * set itself (width, margins, a border).
 */
export function cn(...classes: ClassValue[]): string {
  return clsx(classes);
}
