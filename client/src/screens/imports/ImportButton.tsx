import { useState } from 'react';
import { Upload } from 'lucide-react';
import { IMPORT_KINDS_SPEC, type ImportKind } from '@shared/imports';
import { may } from '@shared/policy';
import { useUser } from '../../auth/session';
import { Button } from '../../components/ui/Button';
import { ImportDialog } from './ImportDialog';

/** "Import CSV" for users who may create this kind of row (the policy table decides), and its dialog. */
export function ImportButton({ kind }: { kind: ImportKind }) {
  const user = useUser();
  const [open, setOpen] = useState(false);
  if (!may(user, IMPORT_KINDS_SPEC[kind].action)) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Upload className="h-4 w-4" aria-hidden />
        Import CSV
      </Button>
      <ImportDialog kind={kind} open={open} onOpenChange={setOpen} />
    </>
  );
}
