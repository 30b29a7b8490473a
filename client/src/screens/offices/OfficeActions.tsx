import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Building2, Contact, DollarSign, Eye, Tag } from 'lucide-react';
import type { Office } from '@shared/schemas/offices';

export type OfficeAction = 'status' | 'assign' | 'rates' | 'contacts';

function ActionButton({ label, onClick, children, disabled }: { label: string; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/** An office's icon buttons, the same on a grid card and a table row: view, then the dialogs (contacts read-only without write access). */
export function OfficeActions({ office, canMutate, onAction }: { office: Office; canMutate: boolean; onAction: (action: OfficeAction, office: Office) => void }) {
  return (
    <div className="flex items-center" role="group" aria-label={`Actions for office ${office.office_number}`}>
      <Link
        to={`/offices/${office.id}`}
        aria-label="View profile"
        title="View profile"
        className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Eye className="h-4 w-4" aria-hidden />
      </Link>
      {canMutate && (
        <>
          <ActionButton label="Edit status" onClick={() => onAction('status', office)}>
            <Tag className="h-4 w-4" aria-hidden />
          </ActionButton>
          <ActionButton label="Assign company" onClick={() => onAction('assign', office)}>
            <Building2 className="h-4 w-4" aria-hidden />
          </ActionButton>
          <ActionButton label="Edit rates & lease" onClick={() => onAction('rates', office)}>
            <DollarSign className="h-4 w-4" aria-hidden />
          </ActionButton>
        </>
      )}
      <ActionButton label={canMutate ? 'Manage contacts' : 'View contacts'} onClick={() => onAction('contacts', office)}>
        <Contact className="h-4 w-4" aria-hidden />
      </ActionButton>
    </div>
  );
}
