import type { ComponentType } from 'react';
import { Bell, Braces, FileText, Mail, Share2 } from 'lucide-react';
import { TEMPLATE_CATEGORY_LABELS, type TemplateCategory } from '@shared/domain/templates';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { cn } from '../../lib/cn';

export const CATEGORY_TONE: Record<TemplateCategory, BadgeTone> = { Email: 'blue', Notification: 'amber', Social: 'purple', Document: 'green' };
export const CATEGORY_ICON: Record<TemplateCategory, ComponentType<{ className?: string }>> = {
  Email: Mail,
  Notification: Bell,
  Social: Share2,
  Document: FileText,
};

export function CategoryBadge({ category }: { category: TemplateCategory }) {
  const Icon = CATEGORY_ICON[category];
  return (
    <Badge tone={CATEGORY_TONE[category]} className="shrink-0 gap-1 whitespace-nowrap">
      <Icon className="h-3 w-3" aria-hidden />
      {TEMPLATE_CATEGORY_LABELS[category]}
    </Badge>
  );
}

/**
 * The placeholders a template names, as chips ([Company Name] shows as "Company Name"). `label`
 * names the list for screen readers; `empty` is said when there are none (nothing when omitted).
 */
export function PlaceholderChips({ names, label, empty, className }: { names: string[]; label: string; empty?: string; className?: string }) {
  if (names.length === 0) return empty ? <p className={cn('text-xs text-slate-500', className)}>{empty}</p> : null;
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-1.5', className)} data-testid="placeholder-chips">
      {names.map((name) => (
        <li key={name} className="inline-flex max-w-full items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700 ring-1 ring-slate-200 ring-inset">
          <Braces className="h-3 w-3 shrink-0 text-slate-400" aria-hidden />
          <span className="truncate">{name}</span>
        </li>
      ))}
    </ul>
  );
}
