import os from 'node:os';
import { writeFileSync } from 'node:fs';

/**
 * Every figure a bench part measures, as a machine reads it: `npm run bench -- PARTS --json FILE`
 * writes them all, so two runs (or a CI job and a person) can be compared without parsing tables.
 */
export interface Figure {
  /** The part of `npm run bench` that measured it (`moves`, `sustained`, `live`, …). */
  part: string;
  /** What was measured, in words ("8 users moving their own deals, moves/s"). */
  name: string;
  value: number;
  /** 'ms', 's', 'events/s', 'moves/s', 'MB', 'ratio', … */
  unit: string;
  /** What the same work measures without our layers, in the same run; null where there is none. */
  reference: string | null;
  reference_value: number | null;
  /** value ÷ reference_value (or the figure's own ratio), null without a reference. */
  ratio: number | null;
  /** The target the ratio (or the value, where there is no reference) must reach, null where none. */
  target: number | null;
  /** Whether the target is a floor (`>=`) or a ceiling (`<=`); null where there is no target. */
  target_is: '>=' | '<=' | null;
  met: boolean | null;
}

export interface FigureInput {
  part: string;
  name: string;
  value: number;
  unit: string;
  reference?: { name: string; value: number };
  /** When the ratio is not value ÷ reference (e.g. a sum of references), give it. */
  ratio?: number;
  /** `['<=', 2]`: the ratio (or the value, without a reference) must be at most 2. */
  target?: ['>=' | '<=', number];
}

const figures: Figure[] = [];
let file: string | undefined;

/** Where `--json` asked the figures to be written; they are written again after each one, so a later failure keeps them. */
export function writeFiguresTo(path: string | undefined) {
  file = path;
}

const round = (value: number) => (Number.isFinite(value) ? Number(value.toPrecision(6)) : value);

/** Records one figure; returns it, so a part can print its verdict from the same numbers. */
export function figure(input: FigureInput): Figure {
  const reference_value = input.reference ? round(input.reference.value) : null;
  const ratio = input.ratio !== undefined ? round(input.ratio) : reference_value ? round(input.value / reference_value) : null;
  const [target_is, target] = input.target ?? [null, null];
  const checked = ratio ?? input.value;
  const met = target === null ? null : target_is === '>=' ? checked >= target : checked <= target;
  const recorded: Figure = {
    part: input.part,
    name: input.name,
    value: round(input.value),
    unit: input.unit,
    reference: input.reference?.name ?? null,
    reference_value,
    ratio,
    target,
    target_is,
    met,
  };
  figures.push(recorded);
  if (file) {
    const machine = { cpus: os.cpus().length, memory_gib: Number((os.totalmem() / 2 ** 30).toFixed(1)), node: process.version };
    writeFileSync(file, `${JSON.stringify({ machine, figures }, null, 2)}\n`);
  }
  return recorded;
}

/** 'met' or 'BELOW' (a target is shown, never enforced: timings vary by machine). */
export const status = (f: Figure) => (f.met === null ? '' : f.met ? 'met' : 'BELOW');

export const recorded = (): readonly Figure[] => figures;
