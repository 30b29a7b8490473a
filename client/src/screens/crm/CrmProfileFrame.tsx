import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { may } from '@shared/policy';
import type { Company, Contact } from '@shared/schemas/crm';
import { useUser } from '../../auth/session';
import { EditButton, ProfileTop } from '../../components/ProfileParts';
import { UpdatedBy } from '../../components/LiveMark';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Tabs, type TabItem } from '../../components/ui/Tabs';
import { useAtomValue } from '../../state/jotai';
import { companiesAtom, contactsAtom } from './atoms';
import { DeleteDialog } from './CrmDialogs';
import { StatusBadge } from './crmParts';

/**
 * A contact's or company's profile around its tabs: name and status, a line about it, its
 * links, who changed it last; Edit and Delete for those who may write. `aside` is a figure
 * beside the name (the company's total), which puts the actions on a row of their own. Edit
 * opens the Overview tab as the `editor`, until it is done; Delete leads back to the list.
 */
export function CrmProfileFrame<K extends string>({
  kind,
  row,
  back,
  icon,
  subtitle,
  links,
  aside,
  tabs,
  panels,
  editor,
}: {
  kind: 'contact' | 'company';
  row: Contact | Company;
  back: { to: string; label: string };
  icon: ReactNode;
  subtitle: ReactNode;
  links: ReactNode;
  aside?: ReactNode;
  tabs: TabItem<K | 'overview'>[];
  /** Each tab's content; only the open one is shown. */
  panels: Record<K | 'overview', ReactNode>;
  /** The Overview while editing; `done` leaves edit mode. */
  editor: (done: () => void) => ReactNode;
}) {
  const navigate = useNavigate();
  const user = useUser();
  const canWrite = kind === 'contact' ? may(user, 'contact.update') : may(user, 'company.update');
  // Who changed it last, if someone did while it was open.
  const touch = useAtomValue(kind === 'contact' ? contactsAtom : companiesAtom).touched[row.id];
  const [tab, setTab] = useState<K | 'overview'>('overview');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const edit = () => {
    setEditing(true);
    setTab('overview');
  };
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <ProfileTop back={back} icon={icon}>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{row.name}</h1>
            <StatusBadge status={row.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
          <p className="mt-2 flex flex-wrap gap-4 text-sm">{links}</p>
          <UpdatedBy touch={touch} className="mt-1" />
        </div>
        {aside}
        {canWrite && (
          <div className={aside ? 'flex w-full justify-end gap-2' : 'flex gap-2'}>
            {!editing && <EditButton onEdit={edit} />}
            <Button variant="secondary" onClick={() => setDeleting(true)}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </Button>
          </div>
        )}
      </ProfileTop>
      <Card className="p-5">
        <Tabs tabs={tabs} value={tab} onChange={setTab} label={kind === 'contact' ? 'Contact sections' : 'Company sections'}>
          {editing && tab === 'overview' ? editor(() => setEditing(false)) : panels[tab]}
        </Tabs>
      </Card>
      {deleting && <DeleteDialog kind={kind} row={row} onClose={() => setDeleting(false)} onDeleted={() => void navigate(back.to)} />}
    </div>
  );
}
