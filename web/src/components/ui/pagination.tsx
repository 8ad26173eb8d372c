import { Button } from './button';

/** Previous and Next around "Page X of Y" ("Y+" when the total was counted only up to a cap). */
export function Pagination({
  page,
  pages,
  capped = false,
  hasPrevious = page > 1,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number;
  pages: number;
  capped?: boolean;
  hasPrevious?: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <div className="flex items-center justify-between">
      <Button variant="secondary" disabled={!hasPrevious} onClick={onPrevious}>
        Previous
      </Button>
      <span className="text-sm text-secondary-foreground">
        Page {page} of {pages}
        {capped ? '+' : ''}
      </span>
      <Button variant="secondary" disabled={!hasNext} onClick={onNext}>
        Next
      </Button>
    </div>
  );
}
