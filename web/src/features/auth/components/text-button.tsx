import type { ButtonHTMLAttributes } from 'react';

const TONES = {
  accent: 'font-medium text-accent hover:underline',
  muted: 'font-medium text-secondary-foreground hover:underline',
} as const;

/** A button that reads as a link under the sign-in forms: switch what is asked, or go back. */
export function TextButton({
  tone = 'accent',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'type'> & { tone?: keyof typeof TONES }) {
  return <button type="button" className={TONES[tone]} {...props} />;
}
