import { BOARD_SCREEN, FLOOR_SCREEN_PREFIX } from '@shared/realtime';
import { Avatar } from '../components/ui/Avatar';
import { useUser } from '../auth/session';
import { presenceAtom } from '../live/liveState';
import { useAtomValue } from '../state/jotai';

/** Screens that show who else is on them in their own header; the shell's bar stays out of the way. */
const OWN_PRESENCE = new Set([BOARD_SCREEN]);

/**
 * Who else is looking at this screen right now. The shell shows it on every screen but those
 * that place it themselves (`placement="page"`), such as the deal board's header.
 */
export function PresenceBar({ placement = 'shell', where = 'here' }: { placement?: 'shell' | 'page'; where?: string }) {
  const me = useUser();
  const { screen, viewers } = useAtomValue(presenceAtom);
  if (placement === 'shell' && screen !== null && (OWN_PRESENCE.has(screen) || screen.startsWith(FLOOR_SCREEN_PREFIX))) return null;
  const others = viewers.filter((v) => v.user_id !== me.id);
  if (others.length === 0) return null;
  const names = others.map((v) => v.name);
  const summary =
    names.length === 1
      ? `${names[0]} is also ${where}`
      : names.length === 2
        ? `${names[0]} and ${names[1]} are also ${where}`
        : `${names.length} others are ${where}`;
  return (
    <div className="flex items-center gap-2" aria-label={`Also ${where}: ${names.join(', ')}`} data-testid="presence">
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
      <span className={placement === 'shell' ? 'hidden text-xs text-slate-600 sm:inline' : 'text-xs text-slate-600'}>{summary}</span>
    </div>
  );
}
