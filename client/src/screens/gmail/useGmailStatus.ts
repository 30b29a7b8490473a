import type { GmailConnection, GmailStatus } from '@shared/schemas/gmail';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { liveCollection } from '../../live/registry';
import { useLiveQuery, type LiveQuery } from '../../live/useLiveQuery';
import { appStore, atom, useAtomValue } from '../../state/jotai';

/** The signed-in user's mail connection: pushed to that user's tabs when it changes. */
export const gmailConnectionsAtom = liveCollection('gmail_status');

/** Whether the server is set up to connect Gmail: from the last status answer (it is no row of the log). */
const gmailSetupAtom = atom<Pick<GmailStatus, 'configured' | 'missing_settings'> | null>(null);

export interface GmailStatusView extends LiveQuery {
  connection: GmailConnection | null;
  setup: Pick<GmailStatus, 'configured' | 'missing_settings'> | null;
}

/**
 * The user's Gmail status for the card and the e-mail history: loaded once per view, then kept
 * current by the live push (a connection made or dropped in another tab shows here too).
 */
export function useGmailStatus(): GmailStatusView {
  const user = useUser();
  const query = useLiveQuery('gmail_status', user.id, async () => {
    const status = await endpoints.gmailStatus();
    appStore.set(gmailSetupAtom, { configured: status.configured, missing_settings: status.missing_settings });
    return [status];
  });
  const connection = useAtomValue(gmailConnectionsAtom).byId[user.id] ?? null;
  const setup = useAtomValue(gmailSetupAtom);
  return { ...query, connection, setup };
}
