import { memo } from 'react';
import { Download, Trash2 } from 'lucide-react';
import type { Resource } from '@shared/schemas/resources';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import type { Touch } from '../../live/collection';
import { formatSize, formatUpdated } from './resourceList';
import { TYPE_ICON, TypeBadge } from './resourceUi';

export interface ResourceItemProps {
  resource: Resource;
  canDelete: boolean;
  downloading: boolean;
  /** The document's latest change seen live (marked when someone else made it). */
  touch: Touch | undefined;
  onDownload: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
}

/** One document: icon, name, type badge, size, updated date, description, Download (and Delete). */
export const ResourceItem = memo(function ResourceItem({ resource, canDelete, downloading, touch, onDownload, onDelete }: ResourceItemProps) {
  const Icon = TYPE_ICON[resource.type];
  return (
    <div className="relative flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center" data-testid="resource-item" data-resource-id={resource.id} data-resource-name={resource.name}>
      <LiveAccent touch={touch} edge />
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600" aria-hidden>
          <Icon className="h-5 w-5" />
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h4 className="truncate text-sm font-semibold text-slate-900">{resource.name}</h4>
            <TypeBadge type={resource.type} />
          </div>
          {resource.description && <p className="mt-0.5 text-sm text-slate-600">{resource.description}</p>}
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
            <span data-testid="resource-size">{formatSize(resource.size)}</span>
            <span>
              Updated <time dateTime={resource.updated_at}>{formatUpdated(resource.updated_at)}</time>
            </span>
            {resource.uploaded_by && <span>by {resource.uploaded_by}</span>}
            <UpdatedBy touch={touch} />
          </p>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1 self-end sm:self-center" role="group" aria-label={`Actions for ${resource.name}`}>
        <Button variant="secondary" size="sm" onClick={() => onDownload(resource)} disabled={downloading} aria-label={`Download ${resource.name}`}>
          {downloading ? <Spinner className="h-4 w-4" label={`Downloading ${resource.name}`} /> : <Download className="h-4 w-4" aria-hidden />} Download
        </Button>
        {canDelete && (
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => onDelete(resource)} aria-label={`Delete ${resource.name}`}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        )}
      </div>
    </div>
  );
});
