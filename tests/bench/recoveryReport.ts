import type { RecoveryResult } from './recovery';
import { count, ratio, seconds, table } from './report';

/** A database restart under 2 nodes, 300 tabs and writers; then one node restarted. */
export const RECOVERY = { sockets: 300, tabsPerUser: 10, writers: 4, rounds: 3 };
/** Both nodes ready within this many seconds of the database accepting connections again. */
const RECOVERY_READY_TARGET = 5;
/** A restarted node's tabs current within this many seconds of its /api/ready. */
const CATCH_UP_TARGET = 2;


/** Prints the recovery figures beside the restart's own duration, and the targets. */
export function printRecovery(result: RecoveryResult) {
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
  const worst = Math.max(...result.rounds.map((r) => r.readySeconds));
  console.log('');
  console.log(`"both ready" and "tabs current" count from the moment the restarted server accepts connections (pg_ctl returns).`);
  console.log(`Both nodes ready, worst round: ${seconds(worst)} (target <= ${RECOVERY_READY_TARGET} s: ${worst <= RECOVERY_READY_TARGET ? 'met' : 'BELOW'}).`);
  const node = result.nodeRestart;
  console.log(
    `Node B restarted (SIGTERM to ready: ${seconds(node.restartSeconds)}) while node A took ${count(node.missed)} writes: its ${count(node.tabs)} tabs current ${seconds(node.currentSeconds)} after its /api/ready (target <= ${CATCH_UP_TARGET} s: ${node.currentSeconds <= CATCH_UP_TARGET ? 'met' : 'BELOW'}).`,
  );
  console.log(
    `  of which the browsers' own backoff: the last tab connected ${seconds(node.lastConnectSeconds)} after /api/ready; the longest catch-up, connection to ready: ${seconds(node.longestCatchUpSeconds)}.`,
  );
}
