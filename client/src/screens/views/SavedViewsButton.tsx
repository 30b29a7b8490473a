import { forwardRef, type ComponentProps } from 'react';
import { Bookmark, ChevronDown } from 'lucide-react';
import { Button } from '../../components/ui/Button';

/** The saved-views menu's button, the same before and after the menu's code has arrived. */
export const SavedViewsButton = forwardRef<HTMLButtonElement, ComponentProps<typeof Button> & { label: string }>(function SavedViewsButton({ label, ...props }, ref) {
  return (
    <Button ref={ref} variant="secondary" className="max-w-56" data-testid="saved-views" {...props}>
      <Bookmark className="h-4 w-4 shrink-0" aria-hidden />
      <span className="truncate">{label}</span>
      <ChevronDown className="h-4 w-4 shrink-0" aria-hidden />
    </Button>
  );
});
