import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import type { Resource, ResourceCategory } from '@shared/schemas/resources';
import { Badge } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import type { Touch } from '../../live/collection';
import { cn } from '../../lib/cn';
import { ResourceItem } from './ResourceItem';
import { CATEGORY_ICON } from './resourceUi';

export interface CategorySectionProps {
  category: ResourceCategory;
  resources: Resource[];
  open: boolean;
  onToggle: (category: ResourceCategory) => void;
  canDelete: boolean;
  downloading: ReadonlySet<string>;
  touched: Readonly<Record<string, Touch>>;
  onDownload: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
}

/** A collapsible category: its header (a button saying whether it is open) and its documents. */
export function CategorySection({ category, resources, open, onToggle, canDelete, downloading, touched, onDownload, onDelete }: CategorySectionProps) {
  const panel = useId();
  const Icon = CATEGORY_ICON[category];
  const count = resources.length;
  return (
    <Card className="overflow-hidden" data-testid="resource-category" data-category={category}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => onToggle(category)}
          className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none focus-visible:ring-inset"
        >
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden>
            <Icon className="h-5 w-5" />
          </span>
          <span className="flex-1 text-base font-semibold text-slate-900">{category}</span>
          <Badge tone="grey">
            {count} {count === 1 ? 'document' : 'documents'}
          </Badge>
          <ChevronDown className={cn('h-5 w-5 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </h3>
      <div id={panel} hidden={!open} className="divide-y divide-slate-100 border-t border-slate-100">
        {count === 0 ? (
          <p className="px-4 py-4 text-sm text-slate-500">No documents in this category yet.</p>
        ) : (
          resources.map((r) => (
            <ResourceItem
              key={r.id}
              resource={r}
              canDelete={canDelete}
              downloading={downloading.has(r.id)}
              touch={touched[r.id]}
              onDownload={onDownload}
              onDelete={onDelete}
            />
          ))
        )}
      </div>
    </Card>
  );
}
