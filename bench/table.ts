/**
 * The bench's statistics and its Markdown table: per case, condition, figure and side, the
 * median with min and max, and the ratios of the medians with their 95% bootstrap interval.
 */
import { median, ratioInterval } from './interval';
import type { Side } from './pages';

export type Condition = 'plain' | 'throttled';
export type Metrics = Record<string, number>;
/** One sample; `failed`: why it failed every try (its metrics are then empty, and the run went on). */
export interface Sample { case: string; condition: Condition; side: Side; metrics: Metrics; failed?: string }

export const SIDES: Side[] = ['ours', 'progressive', 'peer', 'img', 'inert', 'node proxy', 'workerd proxy'];
const SIDE_NAMES: Record<Side, string> = {
  ours: 'ours (plain snippet; sdk.js)',
  progressive: 'ours, progressive snippet',
  peer: 'GIPHY (js-components; react-components for the picker)',
  img: 'bare `<img>`',
  inert: 'bare `<img>` + inert script',
  'node proxy': 'gif-embed/proxy in Node',
  'workerd proxy': 'gif-embed/proxy in workerd',
};
interface Stat { median: number; min: number; max: number; runs: number }
/** The ratios the table prints, as [numerator, denominator]; "inert" is the physical limit of a page that loads a script. */
const RATIOS: [Side, Side][] = [['ours', 'peer'], ['progressive', 'peer'], ['ours', 'img'], ['progressive', 'img'], ['progressive', 'inert']];
const SHORT: Record<Side, string> = { ours: 'plain', progressive: 'progressive', peer: 'peer', img: 'img', inert: 'img + script', 'node proxy': 'Node', 'workerd proxy': 'workerd' };

export interface Row {
  case: string; condition: string; metric: string; stats: Partial<Record<Side, Stat>>;
  /** The 95% bootstrap interval of each ratio with enough samples on both sides, by `ours/peer` etc. */
  intervals?: Record<string, [number, number]>;
  /** Samples of the case that failed every try, by side (none when all were taken). */
  failed?: Partial<Record<Side, number>>;
}

export function summarise(samples: Sample[]): Row[] {
  const rows: Row[] = [];
  const keys = [...new Set(samples.map((s) => `${s.case}|${s.condition}`))];
  for (const key of keys) {
    const [c, condition] = key.split('|');
    const bySide = (side: Side) => samples.filter((s) => s.case === c && s.condition === condition && s.side === side);
    const metrics = [...new Set(samples.filter((s) => s.case === c && s.condition === condition).flatMap((s) => Object.keys(s.metrics)))];
    const failed: Row['failed'] = {};
    for (const side of SIDES) {
      const n = bySide(side).filter((s) => s.failed).length;
      if (n) failed[side] = n;
    }
    const failures = Object.keys(failed).length ? { failed } : {};
    // A case whose every sample failed still has its row, saying so.
    if (!metrics.length) rows.push({ case: c, condition, metric: 'no sample taken', stats: {}, ...failures });
    for (const metric of metrics) {
      const stats: Row['stats'] = {};
      const values: Partial<Record<Side, number[]>> = {};
      for (const side of SIDES) {
        const xs = bySide(side).map((s) => s.metrics[metric]).filter((x) => x !== undefined);
        values[side] = xs;
        if (xs.length) stats[side] = { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), runs: xs.length };
      }
      const intervals: Row['intervals'] = {};
      for (const [a, b] of RATIOS) {
        const interval = ratioInterval(values[a] || [], values[b] || []);
        if (interval) intervals[`${a}/${b}`] = interval;
      }
      rows.push({ case: c, condition, metric, stats, ...(Object.keys(intervals).length && { intervals }), ...failures });
    }
  }
  return rows;
}

const fmt = (n: number) => (Number.isInteger(n) || Math.abs(n) >= 100 ? String(Math.round(n)) : n.toFixed(Math.abs(n) < 1 ? 4 : 1));

/** `a` / `b` of the medians, when both were measured and `b` is not 0, with its 95% interval when there is one. */
function ratio(a?: Stat, b?: Stat, interval?: [number, number]) {
  if (!a || !b || !b.median) return '';
  return `${(a.median / b.median).toFixed(2)}x${interval ? ` (${interval[0].toFixed(2)}–${interval[1].toFixed(2)})` : ''}`;
}

/** The table: a column per side measured and per ratio that some row has, nothing for the rest. */
export function printTable(rows: Row[], header: string) {
  const cell = (s?: Stat, failed?: number) =>
    [s ? `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})` : '', failed ? `${failed} failed` : ''].filter(Boolean).join(', ');
  const sides = SIDES.filter((side) => rows.some((r) => r.stats[side] || r.failed?.[side]));
  const ratios = RATIOS.filter(([a, b]) => rows.some((r) => r.stats[a] && r.stats[b]));
  const heads = ['case', 'condition', 'figure', ...sides.map((s) => SIDE_NAMES[s]), ...ratios.map(([a, b]) => `${SHORT[a]} / ${SHORT[b]}`)];
  const lines = [header, '', `| ${heads.join(' | ')} |`, `|${heads.map(() => '---').join('|')}|`];
  for (const { case: c, condition, metric, stats: s, intervals, failed } of rows) {
    const cells = [c, condition, metric, ...sides.map((side) => cell(s[side], failed?.[side])), ...ratios.map(([a, b]) => ratio(s[a], s[b], intervals?.[`${a}/${b}`]))];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
