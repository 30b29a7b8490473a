import { Suspense, useState } from 'react';
import { Upload } from 'lucide-react';
import { IMPORT_KINDS_SPEC, type ImportKind } from '@shared/imports';
import { may } from '@shared/policy';
import { useUser } from '../../auth/session';
import { Button } from '../../components/ui/Button';
import { lazyScreen } from '../../lib/lazyScreen';

// The dialog (file reading, column mapping, preview) loads when first opened: the list screens
// showing the button do not need it to show their rows. A failed load fails like a screen (Retry).
const ImportDialog = lazyScreen(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

/** "Import CSV" for users who may create this kind of row (the policy table decides), and its dialog. */
export function ImportButton({ kind }: { kind: ImportKind }) {
  const user = useUser();
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on, as the dialog always was before, so closing it behaves as it did.
  const [opened, setOpened] = useState(false);
  if (!may(user, IMPORT_KINDS_SPEC[kind].action)) return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Upload className="h-4 w-4" aria-hidden />
        Import CSV
      </Button>
      {/* While the dialog's code arrives the screen stays as it is. */}
      {opened && (
        <Suspense fallback={null}>
          <ImportDialog kind={kind} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
