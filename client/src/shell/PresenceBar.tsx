import { Avatar } from '../components/ui/Avatar';
import { useUser } from '../auth/session';
import { presenceAtom } from '../live/liveState';
import { useAtomValue } from '../state/jotai';

/** Who else is looking at this screen right now. */
export function PresenceBar() {
  const me = useUser();
  const { viewers } = useAtomValue(presenceAtom);
  const others = viewers.filter((v) => v.user_id !== me.id);
  if (others.length === 0) return null;
  const names = others.map((v) => v.name);
  const summary =
    names.length === 1 ? `${names[0]} is also here` : names.length === 2 ? `${names[0]} and ${names[1]} are also here` : `${names.length} others are here`;
  return (
    <div className="flex items-center gap-2" aria-label={`Also viewing: ${names.join(', ')}`} data-testid="presence">
      <div className="flex -space-x-2">
        {others.slice(0, 5).map((viewer) => (
          <span key={viewer.user_id} title={viewer.name} data-presence-user={viewer.name}>
            <Avatar name={viewer.name} id={viewer.user_id} className="h-7 w-7" />
          </span>
        ))}
        {others.length > 5 && (
          <span className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-slate-200 text-xs font-medium text-slate-700 ring-2 ring-white">
            +{others.length - 5}
          </span>
        )}
      </div>
      <span className="hidden text-xs text-slate-600 sm:inline">{summary}</span>
    </div>
  );
}
