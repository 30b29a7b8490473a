import { describe, expect, it } from 'vitest';
import type { ChangeMessage } from '@shared/realtime';
import { createDealPlaces, type DealPlace } from '../../server/realtime/dealPlaces';

const BROADWAY = '11111111-1111-4111-8111-111111111111';
const GREENPOINT = '44444444-4444-4444-8444-444444444444';

/** A reader over `stored` that counts its reads; `gate` holds reads back until released. */
function reader(stored: Map<string, DealPlace>) {
  const reads: string[] = [];
  let release: (() => void) | null = null;
  let held = false;
  const read = async (dealId: string) => {
    reads.push(dealId);
    if (held) await new Promise<void>((resolve) => (release = resolve));
    return stored.get(dealId) ?? null;
  };
  return {
    read,
    reads,
    hold: () => (held = true),
    release: () => {
      held = false;
      release?.();
    },
  };
}

/** The log's message for a deal now at `place`, or removed (null). */
const dealChanged = (id: string, place: DealPlace | null): ChangeMessage =>
  ({
    position: 1,
    event_type: 'DealStageChanged',
    stream_id: `deal-${id}`,
    at: new Date(0).toISOString(),
    correlation_id: 'c',
    changes: [{ entity: 'deals', id, row: place && { id, ...place } }],
  }) as unknown as ChangeMessage;

describe('deal places for the drag relay', () => {
  it('given two deals, when they are located 2,000 times in turn, then each is read once', async () => {
    const stored = new Map<string, DealPlace>([
      ['d1', { location_id: BROADWAY, stage: 'form_submitted' }],
      ['d2', { location_id: BROADWAY, stage: 'tour_booked' }],
    ]);
    const db = reader(stored);
    const places = createDealPlaces(db.read);
    for (let n = 0; n < 2_000; n++) expect(await places.locate(n % 2 === 0 ? 'd1' : 'd2')).toEqual(stored.get(n % 2 === 0 ? 'd1' : 'd2'));
    expect(db.reads).toEqual(['d1', 'd2']);
  });

  it('given a deal held, when the log says it moved, closed or went, then it is located there without a read', async () => {
    const db = reader(new Map([['d1', { location_id: BROADWAY, stage: 'form_submitted' }]]));
    const places = createDealPlaces(db.read);
    await places.locate('d1');

    places.heard(dealChanged('d1', { location_id: GREENPOINT, stage: 'close_lost' }));
    expect(await places.locate('d1')).toEqual({ location_id: GREENPOINT, stage: 'close_lost' });
    places.heard(dealChanged('d1', null));
    expect(await places.locate('d1')).toBeNull();
    expect(db.reads).toEqual(['d1']);
  });

  it('given no such deal, when it is created later, then the log makes it known', async () => {
    const db = reader(new Map());
    const places = createDealPlaces(db.read);
    expect(await places.locate('d1')).toBeNull();
    places.heard(dealChanged('d1', { location_id: BROADWAY, stage: 'form_submitted' }));
    expect(await places.locate('d1')).toEqual({ location_id: BROADWAY, stage: 'form_submitted' });
    expect(db.reads).toEqual(['d1']);
  });

  it('given a read under way, when the log changes that deal meanwhile, then the read is not kept and the next drag reads again', async () => {
    const stored = new Map<string, DealPlace>([['d1', { location_id: BROADWAY, stage: 'form_submitted' }]]);
    const db = reader(stored);
    const places = createDealPlaces(db.read);
    db.hold();
    const first = places.locate('d1');
    const second = places.locate('d1');
    places.heard(dealChanged('d1', { location_id: BROADWAY, stage: 'close_lost' }));
    db.release();
    // Both asked during one read: one read answers both.
    expect(await first).toEqual(await second);
    stored.set('d1', { location_id: BROADWAY, stage: 'close_lost' });
    expect(await places.locate('d1')).toEqual({ location_id: BROADWAY, stage: 'close_lost' });
    expect(db.reads).toEqual(['d1', 'd1']);
  });

  it('given more deals than it holds, when one more is located, then the longest held goes and is read again if needed', async () => {
    const db = reader(new Map());
    const places = createDealPlaces(db.read, 2);
    for (const id of ['d1', 'd2', 'd3', 'd1']) await places.locate(id);
    expect(db.reads).toEqual(['d1', 'd2', 'd3', 'd1']);
  });
});
