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
      className={`rounded p-1.5 ${danger ? 'text-danger hover:bg-danger-surface' : 'text-secondary-foreground hover:bg-muted'}`}
    >
      {children}
    </button>
  );
}
