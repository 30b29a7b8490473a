import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { rowLayout } from '@shared/domain/floorLayout';
import { VersionBody, VersionQuery } from '@shared/schemas/common';
import { AutoLayoutAnswer, AutoLayoutInput, FLOOR_PLAN_MESSAGES, FloorParams, FloorPlacement, PlacementInput, PlacementParams } from '@shared/schemas/floorPlans';
import type { CommandContext, RunInTransaction } from '../../../events/handleCommand';
import type { PlacementBox } from '../../../events/floorPlan/events';
import { placementAggregate, type PlacedOffice, type Plan } from '../../../events/floorPlan/placementDecider';
import type { Tx } from '../../../events/store/types';
import { placementId } from '../../../events/floorPlan/floorId';
import { placementOfOffice, placementsOnFloor, unplacedOnFloor } from '../../../projections/floorPlans/queries';
import { getOffice } from '../../../projections/offices/queries';
import type { AppDeps } from '../../deps';
import { pathLocation } from '../../floorPlans/planLocation';
import { HttpError } from '../../httpError';
import { validate } from '../../middleware/validate';
import { actorOf, permit } from '../../policies';
import { commandContext } from '../context';

/** The system's part of a user's command: clearing what an office move left behind. */
const systemPart = (context: CommandContext): CommandContext => ({ userId: 'system', now: context.now, correlationId: context.correlationId });

/**
 * Places the office: first, as the system, clears a placement left at the location the office was
 * moved away from (so only the new location's right is needed), then the user's command.
 */
async function place(run: RunInTransaction, tx: Tx, context: CommandContext, office: PlacedOffice, plan: Plan, box: PlacementBox, expectedVersion?: number) {
  const id = placementId(office.id);
  await run(placementAggregate, id, { type: 'ClearMovedPlacement', office }, systemPart(context));
  // Read with the placement's lock held (the command above took it).
  const shown = (await placementOfOffice(tx, office.id)) !== null;
  return run(placementAggregate, id, { type: 'PlaceOffice', plan, office, box, shown }, context, { expectedVersion });
}

/**
 * PUT / DELETE /api/floor-plans/{location_id}/{floor}/placements/{office_id}: an office's box on
 * the plan. POST .../auto-layout: the offices not on the plan, placed in rows by number.
 */
export function placementRoutes(router: Router, deps: AppDeps, auth: Middleware) {
  const { sql, handle } = deps;
  const path = '/floor-plans/:location_id/:floor/placements/:office_id';

  router.put(
    path,
    auth,
    permit('floorPlan.edit'),
    validate(
      { params: PlacementParams, body: PlacementInput, response: FloorPlacement, description: 'Places, moves or resizes the office’s box (fractions 0..1 of the plan; x + width and y + height at most 1). Boxes may overlap. A stale version is a 409 naming who moved it.' },
      async (ctx, { params, body: { version, ...box } }) => {
        await pathLocation(sql, actorOf(ctx), params.location_id);
        const office = await getOffice(sql, params.office_id);
        if (!office) throw new HttpError(404, FLOOR_PLAN_MESSAGES.officeNotFound);
        const plan = { location_id: params.location_id, floor: params.floor };
        const context = commandContext(ctx);
        ctx.body = await handle.transaction(async (run, tx) => {
          await place(run, tx, context, { id: office.id, office_number: office.office_number, location_id: office.location_id, floor: office.floor }, plan, box, version);
          return placementOfOffice(tx, office.id);
        });
      },
    ),
  );

  router.delete(
    path,
    auth,
    permit('floorPlan.edit'),
    validate({ params: PlacementParams, query: VersionQuery, body: VersionBody, status: 204, description: 'Takes the office off the plan (it is listed as unplaced again).' }, async (ctx, { params, query, body }) => {
      await pathLocation(sql, actorOf(ctx), params.location_id);
      const placed = await placementOfOffice(sql, params.office_id);
      if (!placed || placed.location_id !== params.location_id || placed.floor !== params.floor) throw new HttpError(404, FLOOR_PLAN_MESSAGES.notPlaced);
      const plan = { location_id: params.location_id, floor: params.floor };
      await handle(placementAggregate, placementId(params.office_id), { type: 'UnplaceOffice', plan }, commandContext(ctx), { expectedVersion: body.version ?? query.version });
      ctx.status = 204;
    }),
  );

  router.post(
    '/floor-plans/:location_id/:floor/auto-layout',
    auth,
    permit('floorPlan.edit'),
    validate({ params: FloorParams, body: AutoLayoutInput, response: AutoLayoutAnswer, description: 'Places every office of the floor not on its plan yet, in rows by office number, below the boxes already there when there is room. One event per office, in one transaction.' }, async (ctx, { params, body }) => {
      ctx.body = { placed: await autoLayout(ctx, params, body.per_row) };
    }),
  );

  async function autoLayout(ctx: Context, plan: { location_id: string; floor: number }, perRow?: number) {
    await pathLocation(sql, actorOf(ctx), plan.location_id);
    const context = commandContext(ctx);
    return handle.transaction(async (run, tx) => {
      const [unplaced, placed] = await Promise.all([unplacedOnFloor(tx, plan.location_id, plan.floor), placementsOnFloor(tx, plan.location_id, plan.floor)]);
      const boxes = rowLayout(unplaced.length, perRow, placed);
      for (const [i, office] of unplaced.entries()) {
        await place(run, tx, context, { id: office.office_id, office_number: office.office_number, location_id: plan.location_id, floor: plan.floor }, plan, boxes[i]!);
      }
      const ids = new Set(unplaced.map((o) => o.office_id));
      return (await placementsOnFloor(tx, plan.location_id, plan.floor)).filter((p) => ids.has(p.office_id));
    });
  }
}
