import { useRef } from 'react';
import { toast } from 'sonner';
import { ImagePlus, LayoutGrid, Trash2, Undo2 } from 'lucide-react';
import { FLOOR_BACKGROUND_ACCEPT, FLOOR_PLAN_MESSAGES, MAX_FLOOR_BACKGROUND_BYTES } from '@shared/schemas/floorPlans';
import { Button } from '../../../components/ui/Button';
import type { PlanEditing } from './floorPlanState';

const BACKGROUND_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** A file the server would refuse, said before it is sent; null when it may go. */
export function backgroundRefusal(file: Pick<File, 'type' | 'size'>): string | null {
  if (file.size === 0) return FLOOR_PLAN_MESSAGES.empty;
  if (file.type && !BACKGROUND_TYPES.has(file.type)) return FLOOR_PLAN_MESSAGES.refused;
  if (file.size > MAX_FLOOR_BACKGROUND_BYTES) return FLOOR_PLAN_MESSAGES.tooLarge;
  return null;
}

/** The editors' tools: undo, lay out automatically (without a background), the background image. */
export function EditTools({ edit, hasBackground, canLayOut }: { edit: PlanEditing; hasBackground: boolean; canLayOut: boolean }) {
  const file = useRef<HTMLInputElement | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Edit the plan">
      <Button variant="secondary" onClick={() => void edit.undo()} disabled={!edit.canUndo} aria-keyshortcuts="Control+Z">
        <Undo2 className="h-4 w-4" aria-hidden />
        Undo
      </Button>
      {canLayOut && (
        <Button variant="secondary" onClick={() => void edit.layOut()} disabled={edit.busy}>
          <LayoutGrid className="h-4 w-4" aria-hidden />
          Lay out automatically
        </Button>
      )}
      <input
        ref={file}
        type="file"
        accept={FLOOR_BACKGROUND_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="floor-background-input"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (!chosen) return;
          const refusal = backgroundRefusal(chosen);
          if (refusal) toast.error(refusal);
          else void edit.uploadBackground(chosen);
        }}
      />
      <Button variant="secondary" onClick={() => file.current?.click()} disabled={edit.busy}>
        <ImagePlus className="h-4 w-4" aria-hidden />
        {hasBackground ? 'Replace background' : 'Upload background'}
      </Button>
      {hasBackground && (
        <Button variant="ghost" onClick={() => void edit.removeBackground()} disabled={edit.busy}>
          <Trash2 className="h-4 w-4" aria-hidden />
          Remove background
        </Button>
      )}
    </div>
  );
}
