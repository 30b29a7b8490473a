import { useEffect, useState } from 'react';
import { Ban, Copy, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import type { Room } from '@shared/schemas/bookings';
import { apiBase } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { ActionDialog } from '../../components/ActionDialog';
import { Button } from '../../components/ui/Button';
import { ErrorBanner } from '../../components/ui/Banner';
import { Field, Select } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { Spinner } from '../../components/ui/Spinner';
import { copyText } from '../../lib/clipboard';
import { reasonOf } from '../../lib/errorText';
import { rowsOf } from '../../live/collection';
import { atom, useAtom, useAtomValue } from '../../state/jotai';
import { membersAtom } from '../members/atoms';

/** The iCalendar address of one room's or one member's bookings, signed with the user's feed token. */
export function feedUrl(token: string, target: { room_id: string } | { member_id: string }): string {
  const query = new URLSearchParams({ ...target, token });
  return `${apiBase()}/bookings.ics?${query.toString()}`;
}

/**
 * Calendar feeds: a link a calendar app subscribes to, for a room or a member, with this user's
 * feed token in it. Rotating the token makes every link given out so far stop working.
 */
/** The token made in this tab, shown again while the tab lives (the server shows it only once). */
const madeTokenAtom = atom<{ userId: string; token: string } | null>(null);

export function SubscribeDialog({ rooms, room, memberId, onClose }: { rooms: readonly Room[]; room?: Room | null; memberId?: string; onClose: () => void }) {
  const user = useUser();
  const [made, setMade] = useAtom(madeTokenAtom);
  const token = made?.userId === user.id ? made.token : null;
  const [status, setStatus] = useState<{ active: boolean; created_at: string | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [target, setTarget] = useState(memberId ? `member:${memberId}` : room ? `room:${room.office_id}` : rooms[0] ? `room:${rooms[0].office_id}` : '');
  const members = rowsOf(useAtomValue(membersAtom)).sort((a, b) => a.company_name.localeCompare(b.company_name));

  useEffect(() => {
    let cancelled = false;
    endpoints.feedToken().then(
      (answer) => !cancelled && setStatus(answer),
      (error: unknown) => !cancelled && setFailure(reasonOf(error)),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const [kind, id] = target.split(':') as ['room' | 'member', string];
  const active = status?.active ?? false;
  const url = token && id ? feedUrl(token, kind === 'room' ? { room_id: id } : { member_id: id }) : '';

  const rotate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await endpoints.rotateFeedToken();
      setMade({ userId: user.id, token: answer.token });
      setStatus({ active: true, created_at: answer.created_at });
      toast.success(active ? 'New feed link made. Links given out before no longer work.' : 'Feed link made');
    } catch (error) {
      setFailure(reasonOf(error));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await endpoints.revokeFeedToken();
      setMade(null);
      setStatus({ active: false, created_at: null });
      toast.success('Feed links revoked: calendars subscribed with them get nothing more');
    } catch (error) {
      setFailure(reasonOf(error));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    try {
      await copyText(url);
      toast.success('Feed link copied');
    } catch (error) {
      setFailure(reasonOf(error));
    }
  };

  return (
    <ActionDialog
      title="Subscribe to a calendar"
      description="Add a room's or a member's bookings to a calendar app. The link carries your own feed token: keep it to yourself."
      onClose={onClose}
      closeLabel="Close"
      notice={failure ? <ErrorBanner title="The feed link is not available" message={failure} /> : null}
    >
      <div className="space-y-4">
        <Field label="Calendar of">
          {(control) => (
            <Select {...control} value={target} onChange={(e) => setTarget(e.target.value)}>
              <optgroup label="Rooms">
                {rooms.map((r) => (
                  <option key={r.office_id} value={`room:${r.office_id}`}>
                    Room {r.office_number}, {r.location_name}
                  </option>
                ))}
              </optgroup>
              {members.length > 0 && (
                <optgroup label="Members">
                  {members.map((m) => (
                    <option key={m.id} value={`member:${m.id}`}>
                      {m.company_name}
                    </option>
                  ))}
                </optgroup>
              )}
            </Select>
          )}
        </Field>
        {!status && !failure ? (
          <div className="flex h-10 items-center gap-2 text-sm text-slate-600">
            <Spinner className="h-4 w-4" label="Loading the feed link" /> Loading...
          </div>
        ) : token ? (
          <Field label="Feed link" hint="(iCalendar)">
            {(control) => (
              <div className="flex gap-2">
                <Input {...control} readOnly value={url} onFocus={(e) => e.target.select()} data-testid="feed-url" />
                <Button variant="secondary" onClick={() => void copy()} aria-label="Copy feed link">
                  <Copy className="h-4 w-4" aria-hidden />
                  Copy
                </Button>
              </div>
            )}
          </Field>
        ) : (
          <p className="text-sm text-slate-700">
            {active
              ? `You made a feed link${status?.created_at ? ` on ${status.created_at.slice(0, 10)}` : ''}. It is shown only when made: make a new one to copy it again (the old one stops working).`
              : 'You have no feed link yet. Make one to subscribe from a calendar app.'}
          </p>
        )}
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
          <Button variant={token ? 'secondary' : 'primary'} size="sm" onClick={() => void rotate()} disabled={busy || !status}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            {busy ? 'Working...' : active ? 'Make a new link' : 'Make a feed link'}
          </Button>
          {active && (
            <Button variant="secondary" size="sm" onClick={() => void revoke()} disabled={busy}>
              <Ban className="h-4 w-4" aria-hidden />
              Revoke my feed links
            </Button>
          )}
        </div>
      </div>
    </ActionDialog>
  );
}
