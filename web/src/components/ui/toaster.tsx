import { Toaster as Sonner } from 'sonner';
import { useIsDark } from '@/lib/theme';

/**
 * Where outcomes are announced ("Profile updated"): a polite live region at the bottom right. Screens
 * call `notify` (lib/notify.ts); errors stay beside the form that failed, where the fix is.
 */
export function Toaster() {
  const dark = useIsDark();
  return (
    <Sonner
      theme={dark ? 'dark' : 'light'}
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: 'rounded-lg border border-border bg-surface text-sm text-foreground shadow-lg',
          success: 'border-success-border',
          error: 'border-danger-border',
        },
      }}
    />
  );
}
