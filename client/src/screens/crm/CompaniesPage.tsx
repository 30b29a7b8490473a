import { useCallback, useMemo, useState } from 'react';
import { may } from '@shared/policy';
import type { Company } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { companiesAtom } from './atoms';
import { CompanyCard, type CompanyDialogKind } from './CompanyCard';
import { CompanyDialog, DeleteDialog } from './CrmDialogs';
import { ImportButton } from '../imports/ImportButton';
import { CrmListPage } from './CrmListPage';
import { EmailHistoryDialog } from './crmParts';

type Open = { kind: 'add' } | { kind: CompanyDialogKind; company: Company } | null;

const matches = (c: Company, text: string) => [c.name, c.industry ?? ''].some((v) => v.toLowerCase().includes(text));

/** /crm/companies: every company with its contacts, deals and deal total, live. */
export default function CompaniesPage() {
  const user = useUser();
  const canWrite = may(user, 'company.update');
  const query = useLiveQuery('companies', 'all', () => endpoints.companies());
  const collection = useAtomValue(companiesAtom);
  const companies = useMemo(() => rowsOf(collection).sort((a, b) => a.name.localeCompare(b.name, 'en')), [collection]);
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const onOpen = useCallback((kind: CompanyDialogKind, company: Company) => setOpen({ kind, company }), []);

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
        card={(company) => <CompanyCard company={company} canWrite={canWrite} onOpen={onOpen} />}
      />
      {open?.kind === 'add' && <CompanyDialog onClose={close} />}
      {open?.kind === 'edit' && <CompanyDialog company={open.company} onClose={close} />}
      {open?.kind === 'delete' && <DeleteDialog kind="company" row={open.company} onClose={close} />}
      {open?.kind === 'email' && <EmailHistoryDialog name={open.company.name} companyId={open.company.id} onClose={close} />}
    </>
  );
}
