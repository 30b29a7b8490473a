import { format } from 'date-fns';
import { inZone, localTime } from '@shared/domain/bookings';
import { renderTemplate } from '@shared/domain/slackTemplate';
import type { WorkflowRule } from '@shared/schemas/slack';
import type { BookingMade } from '../../events/booking/events';
import type { StoredEvent, Tx } from '../../events/store/types';
import { addNotification } from './outbox';

/**
 * A booking made announces itself to the enabled 'room_booked' rules: the room, where, and when on
 * the location's clock. The delivery log names the booking by its id and title (its subject
 * columns, deal_id and deal_name, hold whatever the notification is about).
 */
export async function notifyOfBooking(event: StoredEvent, tx: Tx, rules: readonly WorkflowRule[]): Promise<void> {
  if (event.type !== 'BookingMade') return;
  const wanted = rules.filter((r) => r.event_type === 'room_booked');
  if (wanted.length === 0) return;
  const data = event.data as BookingMade['data'];
  const [place] = await tx<{ office_number: string | null; name: string; time_zone: string; company_name: string | null }[]>`
    SELECT o.office_number, l.name, l.time_zone, m.company_name
    FROM locations l LEFT JOIN offices o ON o.id = ${data.room_id} LEFT JOIN members m ON m.id = ${data.member_id}
    WHERE l.id = ${data.location_id}`;
  const zone = place?.time_zone ?? 'America/New_York';
  for (const rule of wanted) {
    const text = renderTemplate(rule.message_template, 'room_booked', {
      title: data.title,
      room: `Room ${place?.office_number ?? ''}`.trim(),
      location_name: place?.name ?? '',
      starts_at: `${format(inZone(data.starts_at, zone), 'EEE d MMM')} ${localTime(data.starts_at, zone)}`,
      ends_at: localTime(data.ends_at, zone),
      booked_by: data.booked_by,
      member_name: place?.company_name ?? '',
    });
    await addNotification(tx, { event_position: event.position, rule_id: rule.id, event_type: 'room_booked', deal_id: data.id, deal_name: data.title, channel: rule.channel, text });
  }
}
