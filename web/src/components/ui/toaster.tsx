import { Toaster as Sonner } from 'sonner';

/**
 * Where outcomes are announced ("Profile updated"): a polite live region at the bottom right. Screens
 * call `notify` (lib/notify.ts); errors stay beside the form that failed, where the fix is.
 */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: 'rounded-lg border border-slate-200 bg-white text-sm text-slate-900 shadow-lg',
          success: 'border-green-200',
          error: 'border-red-200',
        },
      }}
    />
  );
}
