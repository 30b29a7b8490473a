import { TASK_PRIORITIES, type TaskStatus } from '@shared/domain/tasks';
import { formatIsoDate } from '@shared/domain/dates';
import type { TaskDetailsData } from '../../events/task/events';
import { prng } from './prng';

/** What the demo tasks need to know of a location: its id, manager and offices. */
export interface TaskSeedLocation {
  id: string;
  manager: string;
  offices: { id: string; office_number: string }[];
}

export interface PlannedTask {
  id: string;
  details: TaskDetailsData;
  createdAt: Date;
  /** The statuses it went through after pending, each with when; the last is where it is now. */
  moves: { status: TaskStatus; at: Date }[];
}

/** Jobs about one office: `{office}` becomes its number. */
const OFFICE_JOBS: [string, string][] = [
  ['Fix HVAC in office {office}', 'The member reports the office runs warm in the afternoons. Check the thermostat and the vent dampers.'],
  ['Replace ceiling lights in office {office}', 'Two panels flicker. Replace the LED drivers and test every fixture.'],
  ['Repaint office {office} before move-in', 'Touch up scuffed walls and repaint the accent wall in the standard white before the new member arrives.'],
  ['Deep clean office {office} after move-out', 'Carpet shampoo, windows and a wipe-down of all furniture before the next tour.'],
  ['Install whiteboard in office {office}', 'The member asked for a 6 ft magnetic whiteboard on the east wall.'],
  ['Rekey the lock of office {office}', 'The previous tenant did not return two keys. Rekey the door and issue new key cards.'],
  ['Set up furniture for office {office}', 'Four desks, four task chairs and a storage credenza for the incoming member.'],
  ['Check Wi-Fi coverage in office {office}', 'The member reports drops on video calls. Survey the signal and add an access point if needed.'],
  ['Repair window blinds in office {office}', 'The blind cord is broken on the left window; replace the headrail if the cord cannot be fixed.'],
  ['Fix the sticking door of office {office}', 'The door drags on the frame and does not latch. Adjust the hinges and the strike plate.'],
];

/** Jobs about the location as a whole. */
const LOCATION_JOBS: [string, string][] = [
  ['Restock kitchen supplies', 'Coffee beans, oat milk, tea and paper cups are running low on every floor.'],
  ['Fire extinguisher inspection', 'Annual inspection and tagging of every extinguisher; file the certificate with the building.'],
  ['Service the main printer', 'Paper jams on tray 2 and the toner is low. Call the vendor if it cannot be fixed on site.'],
  ['Plan the member happy hour', 'Book catering for 40, send the invitation and set up the lounge for Thursday evening.'],
  ['Update the lobby directory', 'Add the new member companies to the lobby board and the screen by the elevators.'],
  ['Test emergency lighting', 'Monthly test of exit signs and emergency lights; log the results in the safety binder.'],
  ['Renew the pest control contract', 'The current contract ends this month. Compare two quotes and renew.'],
  ['Reset conference room AV', 'Reset the displays, replace the worn HDMI adapters and test the room booking panel.'],
  ['Reconcile key card access', 'Deactivate the cards of members who left last month and audit the guest cards.'],
  ['Elevator maintenance visit', 'Let the technician in on the scheduled morning and keep the freight elevator free.'],
  ['Replace lobby plants', 'Three planters by the entrance need new plants; ask the florist for low-light varieties.'],
  ['Order mail lockers', 'The mail room is out of lockers. Order a 24-door unit and plan its installation.'],
];

const HELPERS = ['Facilities Team', 'Cleaning Crew', 'IT Support', 'Front Desk', 'Jordan Lee'];

/** How many tasks stand at each status now, over all locations. */
const STATUS_COUNTS: Record<TaskStatus, number> = { pending: 20, in_progress: 12, completed: 12, cancelled: 4 };

/** Due dates of open tasks, in days from today (null: none): some overdue, some due this week, some later. */
const OPEN_DUE = [-6, -3, -1, 0, 1, 2, 3, 4, 5, 6, 8, 9, 12, 14, 21, 30, 45, null, null, null, null];

const DAY = 86_400_000;

/**
 * About 50 tasks over every location, status and priority, with back-dated histories (created 2
 * to 45 days ago, started and finished some days later) and due dates around today, so the board
 * shows overdue tasks and tasks due soon. Deterministic: the same plan every run.
 */
export function planTasks(locations: TaskSeedLocation[], today: Date, ids: () => string): PlannedTask[] {
  const random = prng(20261124);
  const plans: PlannedTask[] = [];
  const day = (offset: number) => formatIsoDate(new Date(today.getTime() + offset * DAY));
  let n = 0;
  for (const status of Object.keys(STATUS_COUNTS) as TaskStatus[]) {
    for (let i = 0; i < STATUS_COUNTS[status]; i++, n++) {
      const location = locations[n % locations.length]!;
      const office = location.offices.length > 0 && random.next() < 0.6 ? random.pick(location.offices) : null;
      const [title, description] = office ? random.pick(OFFICE_JOBS) : random.pick(LOCATION_JOBS);
      const age = random.int(2, 45);
      const createdAt = new Date(today.getTime() - age * DAY - random.int(0, 8 * 3600) * 1000);
      // Steps after creation, each a day or more later, never after now.
      let at = createdAt.getTime();
      const later = () => (at = Math.min(at + random.int(1, Math.max(1, Math.floor(age / 3))) * DAY, today.getTime() - 3600_000));
      const path: TaskStatus[] =
        status === 'pending' ? [] : status === 'in_progress' ? ['in_progress'] : status === 'completed' ? ['in_progress', 'completed'] : random.next() < 0.5 ? ['cancelled'] : ['in_progress', 'cancelled'];
      const moves = path.map((s) => ({ status: s, at: new Date(later()) }));
      const offset = status === 'completed' ? random.pick([-20, -12, -6, -2, null]) : random.pick(OPEN_DUE);
      plans.push({
        id: ids(),
        createdAt,
        moves,
        details: {
          title: title.replace('{office}', office?.office_number ?? ''),
          description,
          location_id: location.id,
          office_id: office?.id ?? null,
          priority: random.pick(TASK_PRIORITIES),
          assigned_to: random.next() < 0.15 ? null : random.next() < 0.4 ? location.manager : random.pick(HELPERS),
          due_date: offset === null ? null : day(offset),
        },
      });
    }
  }
  return plans;
}
