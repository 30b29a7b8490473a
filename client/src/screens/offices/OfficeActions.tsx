import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Building2, Contact, DollarSign, Eye, Tag } from 'lucide-react';
import type { Office } from '@shared/schemas/offices';
import { cn } from '../../lib/cn';

export type OfficeAction = 'status' | 'assign' | 'rates' | 'contacts';

/**
 * Every action says what it does in words, not only by an icon and a hover tooltip (which touch
 * screens never show). The accessible name is the full phrase ('Edit rates & lease') and
 * contains the short visible label ('Rates').
 */
const look = {
  card: 'h-8 gap-1.5 px-2 text-xs',
  row: 'h-7 gap-1 px-1.5 text-xs',
} as const;
type Layout = keyof typeof look;

const base =
  'inline-flex items-center justify-center rounded-md border border-slate-200 bg-white font-medium whitespace-nowrap text-slate-700 hover:border-slate-300 hover:bg-slate-50 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40';

function ActionButton({ name, label, icon, layout, onClick }: { name: string; label: string; icon: ReactNode; layout: Layout; onClick: () => void }) {
  return (
    <button type="button" aria-label={name} onClick={onClick} className={cn(base, look[layout])}>
      {icon}
      {label}
    </button>
  );
}

/**
 * An office's five actions, the same on a grid card and a table row: view the profile, then the
 * dialogs (contacts read-only without write access). A card lays them out in a band of three
 * columns with icons; a table row in two columns of words, so the table fits its column.
 */
export function OfficeActions({
  office,
  canMutate,
  onAction,
  layout = 'card',
}: {
  office: Office;
  canMutate: boolean;
  onAction: (action: OfficeAction, office: Office) => void;
  layout?: Layout;
}) {
  // A table row has room for the words only; a card shows an icon beside each.
  const icon = (Icon: typeof Eye) => (layout === 'card' ? <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden /> : null);
  return (
    <div
      className={cn('grid gap-1', layout === 'card' ? 'grid-cols-3' : 'w-max grid-cols-2')}
      role="group"
      aria-label={`Actions for office ${office.office_number}`}
    >
      <Link to={`/offices/${office.id}`} aria-label="View profile" className={cn(base, look[layout])}>
        {icon(Eye)}
        View
      </Link>
      {canMutate && (
        <>
          <ActionButton name="Edit status" label="Status" icon={icon(Tag)} layout={layout} onClick={() => onAction('status', office)} />
          <ActionButton name="Assign company" label="Assign" icon={icon(Building2)} layout={layout} onClick={() => onAction('assign', office)} />
          <ActionButton name="Edit rates & lease" label="Rates" icon={icon(DollarSign)} layout={layout} onClick={() => onAction('rates', office)} />
        </>
      )}
      <ActionButton
        name={canMutate ? 'Manage contacts' : 'View contacts'}
        label="Contacts"
        icon={icon(Contact)}
        layout={layout}
        onClick={() => onAction('contacts', office)}
      />
    </div>
  );
}
