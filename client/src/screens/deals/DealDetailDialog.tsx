import { useNavigate } from 'react-router';
import { ExternalLink, Mail, Pencil, Phone } from 'lucide-react';
import { isClosedStage, type DealStage } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { UpdatedBy } from '../../components/LiveMark';
import { Button } from '../../components/ui/Button';
import { useAtomValue } from '../../state/jotai';
import { formatDate } from '../offices/officeUi';
import { dealsAtom } from './atoms';
import { MoveToMenu } from './DealCardMenu';
import { AGREEMENT_LABELS, formatCurrency, formatProbability, formatTerm } from './dealFormat';
import { StageBadge } from './dealUi';
import { NeedsAttention } from './DealSigning';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2.5">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="text-lg font-semibold text-slate-900 tabular-nums">{value}</p>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The deal detail dialog (spec: value, probability, market rate, company and contact, details,
 * notes, actions). It follows the live row: a change by someone else shows at once, marked.
 */
export function DealDetailDialog({ deal, canEdit, canMove, onEdit, onMove, onClose }: ActionDialogProps & { deal: Deal; canEdit: boolean; canMove: boolean; onEdit: () => void; onMove: (stage: DealStage) => void }) {
  const navigate = useNavigate();
  const touch = useAtomValue(dealsAtom).touched[deal.id];
  const closed = isClosedStage(deal.stage);
  return (
    <ActionDialog title={deal.deal_name} description={<span className="inline-flex flex-wrap items-center gap-2"><StageBadge stage={deal.stage} /> {deal.location_name}</span>} onClose={onClose} closeLabel="Close" className="max-w-2xl">
      <div className="space-y-4" data-testid="deal-detail" data-deal-id={deal.id}>
        <UpdatedBy touch={touch} unnamed={deal.signed_by ? 'hide' : undefined} />
        <NeedsAttention deal={deal} retry />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Deal value" value={formatCurrency(deal.deal_value)} hint={formatTerm(deal.term_months, deal.term_days)} />
          <Figure label="Offered price" value={formatCurrency(deal.offered_price)} hint="per month" />
          <Figure label="Probability" value={formatProbability(deal.probability)} hint={`${formatCurrency((deal.deal_value * deal.probability) / 100)} weighted`} />
          <Figure label="Market rate" value={deal.market_rate === null ? '—' : formatCurrency(deal.market_rate)} hint={deal.office_ids.length ? `${deal.office_ids.length} ${deal.office_ids.length === 1 ? 'office' : 'offices'}` : 'No offices'} />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <section className="rounded-lg border border-slate-200 p-3">
            <h3 className="text-sm font-semibold text-slate-900">Company and contact</h3>
            <p className="mt-2 font-medium text-slate-900">{deal.company_name}</p>
            <p className="text-sm text-slate-700">
              {deal.contact?.name}
              {deal.contact?.title ? <span className="text-slate-500"> · {deal.contact.title}</span> : null}
            </p>
            <p className="mt-1 flex items-center gap-1.5 text-sm break-all text-slate-600">
              <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden /> <a href={`mailto:${deal.contact?.email}`} className="hover:underline">{deal.contact?.email}</a>
            </p>
            {deal.contact?.phone && (
              <p className="flex items-center gap-1.5 text-sm text-slate-600">
                <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden /> {deal.contact.phone}
              </p>
            )}
          </section>
          <section className="rounded-lg border border-slate-200 p-3">
            <h3 className="text-sm font-semibold text-slate-900">Deal details</h3>
            <dl className="mt-1 divide-y divide-slate-100">
              <Row label="Agreement">{AGREEMENT_LABELS[deal.agreement_type] ?? deal.agreement_type}</Row>
              <Row label="Membership">{deal.membership_type}</Row>
              <Row label="Start">{formatDate(deal.start_date)}</Row>
              <Row label="Notice by">{deal.notice_by || '—'}</Row>
              <Row label="Source">{deal.source || '—'}</Row>
              <Row label="Assigned to">{deal.assigned_to || '—'}</Row>
            </dl>
          </section>
        </div>
        <section className="rounded-lg border border-slate-200 p-3">
          <h3 className="text-sm font-semibold text-slate-900">Notes</h3>
          <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{deal.notes || <span className="text-slate-500">No notes</span>}</p>
        </section>
        <section className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-3">
          <Button variant="secondary" onClick={() => navigate(`/crm/deals/${deal.id}`)}>
            <ExternalLink className="h-4 w-4" aria-hidden /> View
          </Button>
          {canEdit && (
            <Button variant="secondary" onClick={onEdit}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
          )}
          {canMove && !closed && (
            <div className="ml-auto">
              <MoveToMenu deal={deal} onMoveTo={onMove} />
            </div>
          )}
          {closed && <p className="ml-auto text-sm text-slate-500">This deal is closed and can no longer move.</p>}
        </section>
      </div>
    </ActionDialog>
  );
}
