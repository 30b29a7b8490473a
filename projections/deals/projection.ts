import { readFileSync } from 'node:fs';
import { outcomeProbability, type DealStage } from '@shared/domain/deals';
import type { DealEvent } from '../../events/deal/events';
import type { SignatureStatus } from '@shared/domain/agreement';
import type { LocationUpdated } from '../../events/location/events';
import type { BriefEvent, Db } from '../../events/store/types';
import type { MemoryTables } from '../memoryTables';
import { defineProjection, entityId, foldOwn, own } from '../projection';
import { dealsTouched } from './queries';

/**
 * Puts a deal at a stage and rank. When the stage differs, its open stay in the old stage closes
 * and one opens in the new: one statement (a rebuild pipelines one statement per event), whose
 * parts all read the state before it.
 */
function place(db: Db, id: string, stage: string, rank: string, version: number, at: string) {
  return db`
    WITH before AS (SELECT stage FROM deals WHERE id = ${id}),
    moved AS (
      UPDATE deals SET stage = ${stage}, rank = ${rank}, version = ${version}, updated_at = ${at},
        stage_changed_at = CASE WHEN stage = ${stage} THEN stage_changed_at ELSE ${at}::timestamptz END,
        probability = CASE ${stage}::text WHEN 'agreement_signed' THEN 100 WHEN 'close_lost' THEN 0 ELSE probability END
      WHERE id = ${id}
    ),
    closed AS (
      UPDATE deal_stage_visits SET left_at = ${at} WHERE deal_id = ${id} AND left_at IS NULL AND stage <> ${stage}
    )
    INSERT INTO deal_stage_visits (deal_id, stage, entered_at)
    SELECT ${id}, ${stage}, ${at}::timestamptz FROM before WHERE before.stage <> ${stage}`;
}

/** The deal's signature status after an agreement or signing event (its version and time move too). */
function signature(status: SignatureStatus) {
  return {
    apply: (db: Db, event: { stream_id: string; version: number; metadata: { at: string } }) =>
      db`UPDATE deals SET signature_status = ${status}, version = ${event.version}, updated_at = ${event.metadata.at} WHERE id = ${entityId(event.stream_id)}`,
    fold: (tables: MemoryTables, event: BriefEvent) => foldOwn(tables, 'deals', event, { signature_status: status }),
    changed: own,
  };
}

/** place() on the rows a rebuild holds in memory; every part reads the state before it, as there. */
function foldPlace(tables: MemoryTables, id: string, stage: string, rank: string, version: number, at: string) {
  const deals = tables.table('deals');
  const visits = tables.table('deal_stage_visits');
  const deal = deals.get(id);
  const before = deal?.stage;
  for (const visit of visits.where('deal_id', id)) {
    if (visit.left_at === null && visit.stage !== stage) visits.set(visit, { left_at: at });
  }
  if (!deal) return;
  deals.set(deal, {
    stage,
    rank,
    version,
    updated_at: at,
    stage_changed_at: before === stage ? deal.stage_changed_at : at,
    probability: outcomeProbability(stage as DealStage, Number(deal.probability)),
  });
  if (before !== stage) visits.insert({ deal_id: id, stage, entered_at: at, left_at: null });
}

export const dealsProjection = defineProjection<DealEvent | LocationUpdated>({
  name: 'deals',
  version: 7,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['deals', 'deal_stage_visits'],
  on: {
    DealCreated: {
      apply(db, { data: d, version, metadata: { at } }) {
        return db`
          WITH visit AS (INSERT INTO deal_stage_visits (deal_id, stage, entered_at) VALUES (${d.id}, ${d.stage}, ${at}))
          INSERT INTO deals (id, deal_name, company_id, company_name, contact_id, contact, agreement_type, membership_type,
            location_id, office_ids, start_date, term_months, term_days, offered_price, market_rate, probability,
            notice_by, notes, source, assigned_to, stage, rank, stage_changed_at, version, created_at, updated_at)
          VALUES (${d.id}, ${d.deal_name}, ${d.company_id}, ${d.company_name}, ${d.contact_id}, ${db.json(d.contact)},
            ${d.agreement_type}, ${d.membership_type}, ${d.location_id}, ${d.office_ids}::uuid[], ${d.start_date}::date,
            ${d.term_months}, ${d.term_days}, ${d.offered_price}, ${d.market_rate}, ${outcomeProbability(d.stage, d.probability)}, ${d.notice_by},
            ${d.notes}, ${d.source}, ${d.assigned_to}, ${d.stage}, ${d.rank}, ${at}, ${version}, ${at}, ${at})`;
      },
      fold(tables, { data: d, version, metadata: { at } }) {
        tables.table('deal_stage_visits').insert({ deal_id: d.id, stage: d.stage, entered_at: at, left_at: null });
        tables.table('deals').insert({
          id: d.id, deal_name: d.deal_name, company_id: d.company_id, company_name: d.company_name, contact_id: d.contact_id,
          contact: d.contact, agreement_type: d.agreement_type, membership_type: d.membership_type, location_id: d.location_id,
          office_ids: d.office_ids, start_date: d.start_date, term_months: d.term_months, term_days: d.term_days,
          offered_price: d.offered_price, market_rate: d.market_rate, probability: outcomeProbability(d.stage, d.probability), notice_by: d.notice_by,
          notes: d.notes, source: d.source, assigned_to: d.assigned_to, stage: d.stage, rank: d.rank, stage_changed_at: at,
          version, created_at: at, updated_at: at,
        });
      },
      changed: own,
    },
    DealEdited: {
      apply(db, event) {
        const { contact, office_ids, previous_company_id: _previous, probability, ...rest } = event.data;
        const changes = {
          ...rest,
          ...(contact ? { contact: db.json(contact) } : {}),
          ...(office_ids ? { office_ids: db.array(office_ids) } : {}),
        };
        // A closed deal's probability follows its outcome, whatever an edit says.
        const odds = db`probability = CASE stage WHEN 'agreement_signed' THEN 100 WHEN 'close_lost' THEN 0
          ELSE coalesce(${probability ?? null}::integer, probability) END`;
        return Object.keys(changes).length === 0
          ? db`UPDATE deals SET ${odds}, version = ${event.version}, updated_at = ${event.metadata.at} WHERE id = ${entityId(event.stream_id)}`
          : db`
          UPDATE deals SET ${db(changes)}, ${odds}, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold(tables, event) {
        const { previous_company_id: _previous, probability, ...changes } = event.data;
        const deal = tables.table('deals').get(entityId(event.stream_id));
        const odds = probability !== undefined && deal ? { probability: outcomeProbability(deal.stage as DealStage, probability) } : {};
        foldOwn(tables, 'deals', event, { ...changes, ...odds });
      },
      changed: own,
    },
    DealMoved: {
      apply: (db, event) => place(db, entityId(event.stream_id), event.data.stage, event.data.rank, event.version, event.metadata.at),
      fold: (tables, event) =>
        foldPlace(tables, entityId(event.stream_id), event.data.stage, event.data.rank, event.version, event.metadata.at),
      changed: own,
    },
    DealMoveUndone: {
      apply: (db, event) => place(db, entityId(event.stream_id), event.data.stage, event.data.rank, event.version, event.metadata.at),
      fold: (tables, event) =>
        foldPlace(tables, entityId(event.stream_id), event.data.stage, event.data.rank, event.version, event.metadata.at),
      changed: own,
    },
    // A new agreement version replaces any open signing link: nothing is out for signature.
    DealAgreementGenerated: signature('not_sent'),
    DealSignatureRequested: signature('sent'),
    DealSignatureViewed: signature('viewed'),
    // The signer's name shows on the deal ("Signed by ..."): the process's own changes have no user.
    DealAgreementSigned: {
      apply(db, event) {
        return db`
          UPDATE deals SET signature_status = 'signed', signed_by = ${event.data.signer_name}, version = ${event.version},
            updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold(tables, event) {
        foldOwn(tables, 'deals', event, { signature_status: 'signed', signed_by: event.data.signer_name });
      },
      changed: own,
    },
    // Signed by hand: the user who moved it is its signer, unless a signature on the page named one.
    DealMarkedSigned: {
      apply(db, event) {
        return db`
          UPDATE deals SET signed_by = coalesce(signed_by, ${event.data.signer_name}), version = ${event.version},
            updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold(tables, event) {
        const deal = tables.table('deals').get(entityId(event.stream_id));
        foldOwn(tables, 'deals', event, { signed_by: deal?.signed_by ?? event.data.signer_name });
      },
      changed: own,
    },
    DealSigningCompleted: {
      apply(db, event) {
        return db`
          UPDATE deals SET member_id = ${event.data.member_id}, attention_reason = NULL, version = ${event.version},
            updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold(tables, event) {
        foldOwn(tables, 'deals', event, { member_id: event.data.member_id, attention_reason: null });
      },
      changed: own,
    },
    DealNeedsAttention: {
      apply(db, event) {
        return db`
          UPDATE deals SET attention_reason = ${event.data.reason}, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold(tables, event) {
        foldOwn(tables, 'deals', event, { attention_reason: event.data.reason });
      },
      changed: own,
    },
    DealSigningRetried: {
      apply(db, event) {
        return db`
          UPDATE deals SET attention_reason = NULL, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold(tables, event) {
        foldOwn(tables, 'deals', event, { attention_reason: null });
      },
      changed: own,
    },
    DealExecutedCopyStored: {
      apply(db, event) {
        return db`
          UPDATE deals SET executed_sha256 = ${event.data.sha256}, executed_size = ${event.data.size}, executed_at = ${event.metadata.at},
            version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold(tables, event) {
        foldOwn(tables, 'deals', event, { executed_sha256: event.data.sha256, executed_size: event.data.size, executed_at: event.metadata.at });
      },
      changed: own,
    },
    // A deal shows its location's name, and its name and city as the contract location (joined at
    // read time): a change of either moves the deals' updated_at so clients take the pushed rows.
    LocationUpdated: {
      apply(db, event) {
        if (event.data.name === undefined && event.data.city === undefined) return null;
        return db`UPDATE deals SET updated_at = ${event.metadata.at} WHERE location_id = ${entityId(event.stream_id)}`;
      },
      fold(tables, event) {
        if (event.data.name === undefined && event.data.city === undefined) return;
        tables.table('deals').updateWhere('location_id', entityId(event.stream_id), { updated_at: event.metadata.at });
      },
      changed: (event) =>
        event.data.name === undefined && event.data.city === undefined ? [] : [{ column: 'location_id', value: entityId(event.stream_id) }],
    },
  },
  live: { entity: 'deals', load: dealsTouched },
});

