import type { BriefEvent } from '../../events/store/types';
import { foldDeclared } from './declaredFold';
import type { MemoryTables } from './memoryTables';
import type { Projection, Touched } from './projection';
import { declareModel, type ReadModelSpec } from './readModel';

/**
 * A read model from its declaration (readModel.ts): the rows each event changed are its own key,
 * the rows the engine re-stamped because a row they show changed (kept in the event's metadata
 * when it was written), and what its hand-written statements name.
 */
export function defineReadModel<E extends { type: string; data: unknown }>(spec: ReadModelSpec<E>): Projection {
  const model = declareModel(spec);
  const stated = Object.values(spec.statements ?? {}) as { fold?: unknown }[];
  const folds = stated.every((handler) => handler.fold);
  return {
    name: spec.name,
    version: spec.version,
    ddl: spec.ddl,
    tables: [spec.table, ...(spec.tables ?? [])],
    ...(spec.conflicts && { conflicts: spec.conflicts }),
    model,
    ...(folds && { fold: (tables: MemoryTables, event: BriefEvent) => foldDeclared(model, tables, event) }),
    changed(event) {
      const key = model.rows(event);
      const touched: Touched[] = event.metadata.touched?.[spec.name] ?? [];
      const stated = model.statement(event.type)?.changed(event as never) ?? [];
      return [...(key ? [key] : []), ...touched, ...stated];
    },
    ...(spec.live && { live: spec.live }),
  };
}
