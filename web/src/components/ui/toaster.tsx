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
          toast:
            'rounded-lg border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 text-sm text-slate-900 dark:text-slate-100 shadow-lg',
          success: 'border-green-200 dark:border-green-900',
          error: 'border-red-200 dark:border-red-900',
        },
      }}
    />
  );
}
