import Router from '@koa/router';
import { User } from '@shared/schemas/auth';
import type { Middleware } from 'koa';
import type { Db, Tx } from '../../events/store/types';
import { userAggregate } from '../../events/user/decider';
import { unknownLocationIds } from '../../projections/locations/queries';
import { getUser, listUsers } from '../../projections/users/queries';
import { ALL_LOCATIONS } from '@shared/constants';
import { POLICY } from '@shared/policy';
import { CreateUserInput, UpdateUserInput, UserListQuery } from '@shared/schemas/users';
import { hashPassword } from '../auth/passwords';
import { forgetRefreshedTokens } from '../gmail/gmailService';
import type { AppDeps } from '../deps';
import { forbidden, HttpError } from '../httpError';
import { actorOf, permit } from '../policies';
import { collectionRoutes } from './collectionRoutes';
import { commandContext } from './context';
import { found, visible } from './guards';

const USER_NOT_FOUND = 'User not found';

/** Every location named (the list and the primary one) must exist: 400 naming the field otherwise. */
async function assertLocationsExist(db: Db, given: { locations?: string[]; primary_location?: string }) {
  const fields: { field: string; message: string }[] = [];
  const ids = given.locations ?? [];
  const unknown = new Set(await unknownLocationIds(db, ids));
  ids.forEach((id, i) => unknown.has(id) && fields.push({ field: `locations.${i}`, message: 'Location not found' }));
  const primary = given.primary_location;
  if (primary && primary !== ALL_LOCATIONS && !ids.includes(primary) && (await unknownLocationIds(db, [primary])).length > 0) {
    fields.push({ field: 'primary_location', message: 'Location not found' });
  }
  if (fields.length > 0) throw new HttpError(400, 'Location not found', fields);
}

/** Advisory-lock key of the administrators' roster (two-key form, a class apart from the streams'). */
const ROSTER_LOCK = [7_340_200, 1] as const;

/**
 * A change that can take the admin role away waits its turn on the roster, then checks that the
 * one making it is still an administrator. Each administrator can only demote others, so two
 * demoting each other at once would otherwise both pass the check made before their transaction
 * and leave no administrator: in turn, the second finds itself demoted and is refused.
 */
async function holdRoster(tx: Tx, actorId: string): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(${ROSTER_LOCK[0]}, ${ROSTER_LOCK[1]})`;
  const [actor] = await tx<{ role: string }[]>`SELECT role FROM users WHERE id = ${actorId}`;
  if (actor?.role !== 'admin') throw forbidden(POLICY['user.manage'].refusal);
}

/** User administration: administrators only (spec part 2, Settings); everyone reads their own account. */
export function userRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;

  const users = collectionRoutes(router, auth, '/users', User, getUser);

  users.list(UserListQuery, async (_ctx, query) => listUsers(sql, query), permit('user.manage'));

  users.get(async (actor, id) => visible(actor, 'users', await getUser(sql, id), USER_NOT_FOUND));

  users.create(permit('user.manage'), CreateUserInput, async (ctx, { password, ...profile }, id) => {
    await assertLocationsExist(sql, profile);
    const password_hash = await hashPassword(password);
    const { view } = await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash }, commandContext(ctx), users.read(id));
    return view;
  });

  users.update(permit('user.manage'), UpdateUserInput, async (ctx, id, body) => {
    found(await getUser(sql, id), USER_NOT_FOUND);
    // Read-only fields of the row GET returned are accepted and ignored (API.md).
    const { name, email, role, locations, primary_location, password, version } = body;
    const changes = Object.fromEntries(
      Object.entries({ name, email, role, locations, primary_location }).filter(([, value]) => value !== undefined),
    );
    await assertLocationsExist(sql, { locations, primary_location });
    const password_hash = password ? await hashPassword(password) : undefined;
    const command = { type: 'UpdateUser' as const, actor_id: actorOf(ctx).id, changes, password_hash };
    const { view } = await handle.transaction(async (run, tx) => {
      if (role !== undefined && role !== 'admin') await holdRoster(tx, command.actor_id);
      return run(userAggregate, id, command, commandContext(ctx), { expectedVersion: version, ...users.read(id) });
    });
    return view;
  });

  users.remove(permit('user.manage'), async (ctx, id, expectedVersion) => {
    found(await getUser(sql, id), USER_NOT_FOUND);
    await handle.transaction(async (run, tx) => {
      await run(userAggregate, id, { type: 'DeleteUser', actor_id: actorOf(ctx).id }, commandContext(ctx), { expectedVersion });
      // The mail connection's row goes with the user (its projection); the tokens kept beside the log here.
      await forgetRefreshedTokens(tx, id);
    });
  });

  return router;
}
