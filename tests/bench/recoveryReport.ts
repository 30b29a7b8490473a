import { figure, status } from './figures';
import type { NodeRestart, RecoveryResult } from './recovery';
import { count, ratio, seconds, table } from './report';

/** A database restart under 2 nodes, 300 tabs and writers. */
export const RECOVERY = { sockets: 300, tabsPerUser: 10, writers: 4, rounds: 3, nodeRestart: false };
/** One node of two restarted while the other takes writes, with all 300 tabs on it. */
export const CATCH_UP = { sockets: 300, tabsPerUser: 10, writers: 4, rounds: 0, nodeRestart: true, allOnB: true };
/** Both nodes ready within this many seconds of the database accepting connections again. */
const RECOVERY_READY_TARGET = 5;
/** A restarted node's tabs current within this many seconds of its /api/ready. */
const CATCH_UP_TARGET = 2;

/** Prints the recovery figures beside the restart's own duration, and the targets. */
export function printRecovery(result: RecoveryResult) {
  const part = 'recovery';
  console.log('');
  console.log(
    table(
      [`Database restart (pg_ctl restart -m fast), 2 nodes, ${count(result.sockets)} tabs, ${RECOVERY.writers} writers`, 'restart', 'both ready', 'tabs current', 'ready / restart', 'writes refused'],
      result.rounds.map((r, i) => [
        `round ${i + 1}`,
        seconds(r.restartSeconds),
        seconds(r.readySeconds),
        seconds(r.currentSeconds),
        ratio(r.readySeconds / r.restartSeconds),
        `${count(r.refused)} of ${count(r.refused + r.acknowledged)}`,
      ]),
    ),
  );
  for (const [i, r] of result.rounds.entries()) {
    const round = `database restart round ${i + 1}`;
    const restart = { name: `${round}: pg_ctl restart -m fast`, value: r.restartSeconds };
    figure({ part, name: `${round}: both nodes ready after the database accepts connections`, value: r.readySeconds, unit: 's', reference: restart });
    figure({ part, name: `${round}: every tab holds a write made after the restart`, value: r.currentSeconds, unit: 's', reference: restart });
    figure({ part, name: `${round}: writes refused while the database was away`, value: r.refused, unit: 'writes' });
  }
  const worst = Math.max(...result.rounds.map((r) => r.readySeconds));
  const verdict = figure({ part, name: 'both nodes ready after a database restart, worst round', value: worst, unit: 's', target: ['<=', RECOVERY_READY_TARGET] });
  console.log('');
  console.log(`"both ready" and "tabs current" count from the moment the restarted server accepts connections (pg_ctl returns).`);
  console.log(`Both nodes ready, worst round: ${seconds(worst)} (target <= ${RECOVERY_READY_TARGET} s: ${status(verdict)}).`);
}

/** Prints a node restart's catch-up beside a bare socket.io server's restart with as many clients. */
export function printCatchUp(node: NodeRestart, bareSeconds: number | null) {
  const part = 'catchup';
  const reference = bareSeconds === null ? undefined : { name: `bare socket.io server restarted under ${count(node.tabs)} clients (the browser's socket code): listening to all greeted`, value: bareSeconds };
  console.log('');
  console.log(
    table(
      [`Node B restarted while node A took ${count(node.missed)} writes; ${count(node.tabs)} of its tabs`, 'time'],
      [
        ['SIGTERM to /api/ready 200 again', seconds(node.restartSeconds)],
        ['  of which the drain (SIGTERM to exit)', seconds(node.stopSeconds)],
        ['  of which until it listens again (its first /api/health 200)', seconds(node.listeningSeconds)],
        ['its first /api/health until every tab holds every write made meanwhile', seconds(node.currentAfterListeningSeconds)],
        ['its /api/ready until every tab holds every write made meanwhile', seconds(node.currentSeconds)],
        ['  its /api/ready until the last tab connected (the browsers\' backoff)', seconds(node.lastConnectSeconds)],
        ['  the longest catch-up, a tab\'s connection to its ready', seconds(node.longestCatchUpSeconds)],
        ...(bareSeconds === null ? [] : [[`bare socket.io restart, ${count(node.tabs)} clients: listening until all greeted`, seconds(bareSeconds)]]),
      ],
    ),
  );
  figure({ part, name: 'node B: SIGTERM to /api/ready 200 again', value: node.restartSeconds, unit: 's' });
  figure({ part, name: 'node B: SIGTERM until it listens again (first /api/health 200)', value: node.listeningSeconds, unit: 's' });
  figure({ part, name: `node B's tabs: its first /api/health 200 until all hold every write made meanwhile`, value: node.currentAfterListeningSeconds, unit: 's' });
  figure({ part, name: `node B's tabs: its /api/ready until the last connected`, value: node.lastConnectSeconds, unit: 's' });
  figure({ part, name: 'longest catch-up, connection to ready', value: node.longestCatchUpSeconds, unit: 's' });
  const name = `${count(node.tabs)} tabs of a restarted node: its /api/ready until all hold every write made meanwhile`;
  // The target is on the seconds themselves (a figure's target checks its ratio when it has a
  // reference): the bare restart is recorded beside it, as the same seconds against it.
  const current = figure({ part, name, value: node.currentSeconds, unit: 's', target: ['<=', CATCH_UP_TARGET] });
  if (reference) figure({ part, name: `${name}, against a bare socket.io restart`, value: node.currentSeconds, unit: 's', reference });
  console.log('');
  console.log(`Tabs current ${seconds(node.currentSeconds)} after node B's /api/ready (target <= ${CATCH_UP_TARGET} s: ${status(current)})${bareSeconds === null ? '' : `; a bare socket.io restart: ${seconds(bareSeconds)} (ratio ${ratio(node.currentSeconds / bareSeconds)})`}.`);
}
