import { readFileSync } from 'node:fs';
import { outcomeProbability, type DealStage } from '@shared/domain/deals';
import type { SignatureStatus } from '@shared/domain/agreement';
import type { DealEvent, DealMoved, DealMoveUndone } from '../../events/deal/events';
import { withoutPreviousCompany } from '../../events/previousCompany';
import type { Db } from '../../events/store/types';
import type { Row } from '../engine/memoryTables';
import { defineReadModel } from '../engine/defineReadModel';
import { entityId, type Brief, type Handler } from '../engine/projection';
import { dealsTouched } from './queries';

/**
 * A deal's stays in each stage (deal_stage_visits): a move into another stage closes the open
 * stay and opens one in the new. Written from the event alone (the deal's row is the evolvers'),
 * so the statement and the fold agree whatever order they run in beside it.
 */
const visits: Handler<DealMoved | DealMoveUndone> = {
  apply(db: Db, event) {
    const [id, stage, at] = [entityId(event.stream_id), event.data.stage, event.metadata.at];
    return db`
      WITH closed AS (
        UPDATE deal_stage_visits SET left_at = ${at} WHERE deal_id = ${id} AND left_at IS NULL AND stage <> ${stage}
      )
      INSERT INTO deal_stage_visits (deal_id, stage, entered_at)
      SELECT ${id}, ${stage}, ${at}::timestamptz
      WHERE NOT EXISTS (SELECT 1 FROM deal_stage_visits WHERE deal_id = ${id} AND left_at IS NULL AND stage = ${stage})`;
  },
  fold(tables, event) {
    const [id, stage, at] = [entityId(event.stream_id), event.data.stage, event.metadata.at];
    const table = tables.table('deal_stage_visits');
    const open = table.where('deal_id', id).filter((visit) => visit.left_at === null);
    for (const visit of open) if (visit.stage !== stage) table.set(visit, { left_at: at });
    if (!open.some((visit) => visit.stage === stage)) table.insert({ deal_id: id, stage, entered_at: at, left_at: null });
  },
  changed: () => [],
};

/** Puts a deal at a stage and rank; a closed deal's probability follows its outcome. */
const place = (row: Row, { data: { stage, rank }, metadata: { at } }: Brief<DealMoved | DealMoveUndone>): Row => ({
  ...row,
  stage,
  rank,
  stage_changed_at: row.stage === stage ? row.stage_changed_at : at,
  probability: outcomeProbability(stage, Number(row.probability)),
});

/** The deal's signature status after an agreement or signing event. */
const signature = (status: SignatureStatus) => (row: Row) => ({ ...row, signature_status: status });

export const dealsProjection = defineReadModel<DealEvent>({
  name: 'deals',
  version: 8,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'deals',
  tables: ['deal_stage_visits'],
  // A deal shows its location's name, and its name and city as the contract location.
  joins: [{ column: 'location_id', model: 'locations', shows: ['name', 'city'] }],
  evolve: {
    DealCreated: {
      create: ({ data: d, metadata: { at } }) => ({
        id: d.id, deal_name: d.deal_name, company_id: d.company_id, company_name: d.company_name, contact_id: d.contact_id,
        contact: d.contact, agreement_type: d.agreement_type, membership_type: d.membership_type, location_id: d.location_id,
        office_ids: d.office_ids, start_date: d.start_date, term_months: d.term_months, term_days: d.term_days,
        offered_price: d.offered_price, market_rate: d.market_rate, probability: outcomeProbability(d.stage, d.probability),
        notice_by: d.notice_by, notes: d.notes, source: d.source, assigned_to: d.assigned_to, stage: d.stage, rank: d.rank,
        signature_status: 'not_sent', member_id: null, attention_reason: null, signed_by: null, executed_sha256: null,
        executed_size: null, executed_at: null, stage_changed_at: at,
      }),
    },
    DealEdited(row, { data }) {
      const { probability, ...changes } = withoutPreviousCompany(data);
      // A closed deal's probability follows its outcome, whatever an edit says.
      const odds = outcomeProbability(row.stage as DealStage, probability ?? Number(row.probability));
      return { ...row, ...changes, probability: odds };
    },
    DealMoved: place,
    DealMoveUndone: place,
    // A new agreement version replaces any open signing link: nothing is out for signature.
    DealAgreementGenerated: signature('not_sent'),
    DealSignatureRequested: signature('sent'),
    DealSignatureViewed: signature('viewed'),
    // The signer's name shows on the deal ("Signed by ..."): the process's own changes have no user.
    DealAgreementSigned: (row, { data }) => ({ ...row, signature_status: 'signed', signed_by: data.signer_name }),
    // Signed by hand: the user who moved it is its signer, unless a signature on the page named one.
    DealMarkedSigned: (row, { data }) => ({ ...row, signed_by: row.signed_by ?? data.signer_name }),
    DealSigningCompleted: (row, { data }) => ({ ...row, member_id: data.member_id, attention_reason: null }),
    DealNeedsAttention: (row, { data }) => ({ ...row, attention_reason: data.reason }),
    DealSigningRetried: (row) => ({ ...row, attention_reason: null }),
    DealExecutedCopyStored: (row, { data, metadata: { at } }) => ({ ...row, executed_sha256: data.sha256, executed_size: data.size, executed_at: at }),
  },
  statements: { DealMoved: visits, DealMoveUndone: visits },
  live: { entity: 'deals', load: dealsTouched },
});
