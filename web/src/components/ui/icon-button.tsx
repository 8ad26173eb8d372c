import type { ReactNode } from 'react';

/** A small button showing only an icon; its label is its accessible name and its tooltip. */
export function IconButton({
  label,
  onClick,
  children,
  danger,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      onClick={onClick}
      className={`rounded p-1.5 ${danger ? 'text-red-600 dark:text-red-300 hover:bg-red-50 dark:hover:bg-red-950' : 'text-slate-600 dark:text-slate-300 hover:bg-slate-100 dark:hover:bg-slate-800'}`}
    >
      {children}
    </button>
  );
}
