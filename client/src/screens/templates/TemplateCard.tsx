import { memo } from 'react';
import { CalendarClock, Copy, History, Pencil, Trash2 } from 'lucide-react';
import { templatePreview } from '@shared/domain/templates';
import type { Template } from '@shared/schemas/templates';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import type { Touch } from '../../live/collection';
import { cn } from '../../lib/cn';
import { formatModified } from './templateList';
import { CategoryBadge, PlaceholderChips } from './templateUi';

/** Compact, so the four actions share one line on a card of the three-column grid. */
const ACTION = 'gap-1.5 px-2';

export type TemplateAction = 'copy' | 'history' | 'edit' | 'delete';

export interface TemplateCardProps {
  template: Template;
  canEdit: boolean;
  canDelete: boolean;
  /** The template's latest change seen live (marked when someone else made it). */
  touch: Touch | undefined;
  onAction: (action: TemplateAction, template: Template) => void;
}

/** One template: name, category, description, a 200-character preview, its placeholders, when it last changed, and its actions. */
export const TemplateCard = memo(function TemplateCard({ template, canEdit, canDelete, touch, onAction }: TemplateCardProps) {
  const act = (action: TemplateAction) => () => onAction(action, template);
  return (
    <Card className="relative flex h-full flex-col" data-testid="template-card" data-template-id={template.id} data-template-name={template.name}>
      <LiveAccent touch={touch} className="rounded-xl" />
      <div className="flex items-start justify-between gap-3 p-4 pb-2">
        <div className="min-w-0">
          <h3 className="truncate text-base font-semibold text-slate-900">{template.name}</h3>
          {template.description && <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{template.description}</p>}
        </div>
        <CategoryBadge category={template.category} />
      </div>
      <div className="flex-1 space-y-3 px-4 pb-3">
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-line text-slate-700" data-testid="template-preview">
          {templatePreview(template.content)}
        </p>
        <PlaceholderChips names={template.placeholders} label={`Placeholders in ${template.name}`} />
      </div>
      <div className="space-y-2 border-t border-slate-100 px-3 py-2.5">
        <div className="flex flex-wrap items-center justify-between gap-2 px-1">
          <span className="flex items-center gap-1.5 text-xs text-slate-500">
            <CalendarClock className="h-3.5 w-3.5" aria-hidden />
            Modified <time dateTime={template.last_modified}>{formatModified(template.last_modified)}</time>
            {template.version > 1 && <span> · version {template.version}</span>}
          </span>
          <UpdatedBy touch={touch} />
        </div>
        <div className="flex flex-wrap items-center gap-0.5" role="group" aria-label={`Actions for ${template.name}`}>
          <Button variant="ghost" size="sm" className={ACTION} onClick={act('copy')} aria-label={`Copy ${template.name}`}>
            <Copy className="h-4 w-4" aria-hidden /> Copy
          </Button>
          <Button variant="ghost" size="sm" className={ACTION} onClick={act('history')} aria-label={`History of ${template.name}`}>
            <History className="h-4 w-4" aria-hidden /> History
          </Button>
          {canEdit && (
            <Button variant="ghost" size="sm" className={ACTION} onClick={act('edit')} aria-label={`Edit ${template.name}`}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
          )}
          {canDelete && (
            <Button variant="ghost" size="sm" className={cn(ACTION, 'ml-auto text-red-700 hover:bg-red-50 hover:text-red-800')} onClick={act('delete')} aria-label={`Delete ${template.name}`}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
});
