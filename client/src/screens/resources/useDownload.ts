import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { Resource } from '@shared/schemas/resources';
import { endpoints } from '../../api/endpoints';
import { reasonOf } from '../../lib/errorText';
import { saveFile } from '../../lib/saveFile';
import { logFailure } from '../../lib/logFailure';

/**
 * Downloads a document with the user's token (a plain link would carry none) and saves it under
 * its file name; says so when it fails. `busy` holds the ids being fetched.
 */
export function useDownload() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const download = useCallback(async (resource: Resource) => {
    setBusy((b) => new Set(b).add(resource.id));
    try {
      saveFile(await endpoints.downloadResource(resource.id), resource.file_name);
    } catch (error) {
      logFailure('Failed to download document', error);
      toast.error(`Failed to download ${resource.name}: ${reasonOf(error)}`);
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(resource.id);
        return next;
      });
    }
  }, []);
  return { download, busy };
}
