import { useEffect, useState } from 'react';
import { Copy, RefreshCw } from 'lucide-react';
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
import { useAtomValue } from '../../state/jotai';
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
export function SubscribeDialog({ rooms, room, memberId, onClose }: { rooms: readonly Room[]; room?: Room | null; memberId?: string; onClose: () => void }) {
  const user = useUser();
  const [token, setToken] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [target, setTarget] = useState(memberId ? `member:${memberId}` : room ? `room:${room.office_id}` : rooms[0] ? `room:${rooms[0].office_id}` : '');
  const members = rowsOf(useAtomValue(membersAtom)).sort((a, b) => a.company_name.localeCompare(b.company_name));

  useEffect(() => {
    let cancelled = false;
    endpoints.feedToken().then(
      (answer) => !cancelled && setToken(answer.token),
      (error: unknown) => !cancelled && setFailure(reasonOf(error)),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const [kind, id] = target.split(':') as ['room' | 'member', string];
  const url = token && id ? feedUrl(token, kind === 'room' ? { room_id: id } : { member_id: id }) : '';

  const rotate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await endpoints.rotateFeedToken();
      setToken(answer.token);
      toast.success('New feed link made. Links given out before no longer work.');
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
      description={`Add the bookings to a calendar app. The link carries ${user.name}'s feed token: keep it to yourself.`}
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
        <Field label="Feed link" hint="(iCalendar)">
          {(control) =>
            token ? (
              <div className="flex gap-2">
                <Input {...control} readOnly value={url} onFocus={(e) => e.target.select()} data-testid="feed-url" />
                <Button variant="secondary" onClick={() => void copy()} aria-label="Copy feed link">
                  <Copy className="h-4 w-4" aria-hidden />
                  Copy
                </Button>
              </div>
            ) : failure ? (
              <Input {...control} readOnly value="" placeholder="Not available" />
            ) : (
              <div className="flex h-10 items-center gap-2 text-sm text-slate-600">
                <Spinner className="h-4 w-4" label="Loading the feed link" /> Loading...
              </div>
            )
          }
        </Field>
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          <p>Shared a link by mistake? Make a new one: every link given out so far stops working.</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void rotate()} disabled={busy}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            {busy ? 'Making a new link...' : 'Revoke and make a new link'}
          </Button>
        </div>
      </div>
    </ActionDialog>
  );
}
