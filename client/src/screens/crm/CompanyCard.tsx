import { memo } from 'react';
import { Briefcase, Mail, Pencil, Trash2, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Company } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { sendCommand } from '../../live/command';
import { formatCurrency } from '../deals/dealFormat';
import { StatusBadge, StatusSelect } from './crmParts';

export type CompanyDialogKind = 'edit' | 'delete' | 'email';

/**
 * One company in the list: name, industry, status, its contacts, deals and deal total, and its
 * actions. Memoised on the company and stable callbacks: a pushed company re-renders its own card only.
 */
export const CompanyCard = memo(function CompanyCard({
  company,
  canWrite,
  onOpen,
}: {
  company: Company;
  canWrite: boolean;
  onOpen: (kind: CompanyDialogKind, company: Company) => void;
}) {
  const navigate = useNavigate();
  return (
    <Card className="flex h-full flex-col gap-3 p-4 hover:shadow-md" data-testid="company-card" data-company-id={company.id}>
      <button type="button" className="text-left" onClick={() => void navigate(`/crm/companies/${company.id}`)}>
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0">
            <span className="block truncate font-semibold text-slate-900">{company.name}</span>
            <span className="block truncate text-sm text-slate-600">{company.industry ?? 'No industry'}</span>
          </span>
          <StatusBadge status={company.status} />
        </span>
        <span className="mt-2 grid grid-cols-3 gap-2 text-sm">
          <span className="flex items-center gap-1.5 text-slate-700" title="Contacts">
            <Users className="h-3.5 w-3.5 text-slate-400" aria-hidden />
            <span data-contact-count>{company.contact_count}</span>
            <span className="sr-only">contacts</span>
          </span>
          <span className="flex items-center gap-1.5 text-slate-700" title="Deals">
            <Briefcase className="h-3.5 w-3.5 text-slate-400" aria-hidden />
            <span data-deal-count>{company.deal_count}</span>
            <span className="sr-only">deals</span>
          </span>
          <span className="text-right font-medium text-slate-900 tabular-nums" title="Total deal value" data-deal-total>
            {formatCurrency(company.total_deal_value)}
          </span>
        </span>
      </button>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <StatusSelect
          status={company.status}
          label={`Status of ${company.name}`}
          disabled={!canWrite}
          onChange={(status) =>
            sendCommand({ entity: 'companies', id: company.id, version: company.version, optimistic: (c) => ({ ...c, status }), send: (meta) => endpoints.setCompanyStatus(company.id, status, meta) })
          }
        />
        <Button variant="ghost" size="sm" onClick={() => onOpen('email', company)}>
          <Mail className="h-4 w-4" aria-hidden /> Emails
        </Button>
        {canWrite && (
          <>
            <Button variant="ghost" size="sm" onClick={() => onOpen('edit', company)} aria-label={`Edit ${company.name}`}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onOpen('delete', company)} aria-label={`Delete ${company.name}`}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </Button>
          </>
        )}
      </div>
    </Card>
  );
});
