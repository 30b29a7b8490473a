import { useCallback, useState } from 'react';
import { Briefcase, Mail, Pencil, Trash2, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { may } from '@shared/policy';
import type { Company } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { rowsOf } from '../../live/collection';
import { sendCommand } from '../../live/command';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { formatCurrency } from '../deals/dealFormat';
import { companiesAtom } from './atoms';
import { CompanyDialog, DeleteDialog } from './CrmDialogs';
import { ImportButton } from '../imports/ImportButton';
import { CrmListPage } from './CrmListPage';
import { EmailHistoryDialog, StatusBadge, StatusSelect } from './crmParts';

type Open = { kind: 'add' } | { kind: 'edit' | 'delete' | 'email'; company: Company } | null;

const matches = (c: Company, text: string) => [c.name, c.industry ?? ''].some((v) => v.toLowerCase().includes(text));

/** /crm/companies: every company with its contacts, deals and deal total, live. */
export default function CompaniesPage() {
  const user = useUser();
  const navigate = useNavigate();
  const canWrite = may(user, 'company.update');
  const query = useLiveQuery('companies', 'all', () => endpoints.companies());
  const companies = rowsOf(useAtomValue(companiesAtom)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);

  return (
    <>
      <CrmListPage<Company>
        title="Companies"
        subtitle="Prospects, members and former members"
        noun="Company"
        plural="companies"
        rows={companies}
        query={query}
        matches={matches}
        searchLabel="Search companies by name or industry"
        canAdd={may(user, 'company.create')}
        onAdd={() => setOpen({ kind: 'add' })}
        actions={<ImportButton kind="companies" />}
        card={(company) => (
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
              <Button variant="ghost" size="sm" onClick={() => setOpen({ kind: 'email', company })}>
                <Mail className="h-4 w-4" aria-hidden /> Emails
              </Button>
              {canWrite && (
                <>
                  <Button variant="ghost" size="sm" onClick={() => setOpen({ kind: 'edit', company })} aria-label={`Edit ${company.name}`}>
                    <Pencil className="h-4 w-4" aria-hidden /> Edit
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setOpen({ kind: 'delete', company })} aria-label={`Delete ${company.name}`}>
                    <Trash2 className="h-4 w-4" aria-hidden /> Delete
                  </Button>
                </>
              )}
            </div>
          </Card>
        )}
      />
      {open?.kind === 'add' && <CompanyDialog onClose={close} />}
      {open?.kind === 'edit' && <CompanyDialog company={open.company} onClose={close} />}
      {open?.kind === 'delete' && <DeleteDialog kind="company" row={open.company} onClose={close} />}
      {open?.kind === 'email' && <EmailHistoryDialog name={open.company.name} companyId={open.company.id} onClose={close} />}
    </>
  );
}
