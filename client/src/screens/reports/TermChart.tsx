import { Bar, BarChart, CartesianGrid, Cell, LabelList, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { SHORT_TERM_DISCOUNT_THRESHOLD } from '@shared/domain/reportsTerms';
import type { TermAnalysisReport } from '@shared/schemas/reports';
import { AXIS, AXIS_TITLE, LINE_COLORS, percentText } from './chartStyle';

/**
 * Average discount off the marketed rate per term bucket (below zero: a premium), with the
 * short-term threshold marked. A bucket without leases has no bar; the table beside has every figure.
 */
export function DiscountChart({ report }: { report: TermAnalysisReport }) {
  const data = report.buckets.map((b) => ({ label: b.label, discount: b.avg_discount }));
  return (
    <BarChart
      responsive
      width="100%"
      height={280}
      data={data}
      margin={{ top: 20, right: 16, bottom: 20, left: 12 }}
      title="Average discount by lease term"
      desc="The average discount off the marketed rate for each lease-term bucket, in percent; a negative value is a premium."
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={AXIS} label={{ value: 'Lease term', position: 'insideBottom', offset: -14, ...AXIS_TITLE }} />
      {/* Room for the threshold line however small the discounts are. */}
      <YAxis
        domain={[(min: number) => Math.min(0, Math.floor(min)), (max: number) => Math.max(SHORT_TERM_DISCOUNT_THRESHOLD + 1, Math.ceil(max))]}
        allowDecimals={false}
        tickFormatter={(v: number) => `${v}%`}
        tick={AXIS}
        width={48}
        label={{ value: 'Average discount (%)', angle: -90, position: 'insideLeft', offset: -4, style: { textAnchor: 'middle' }, ...AXIS_TITLE }}
      />
      <Tooltip formatter={percentText} />
      <ReferenceLine y={SHORT_TERM_DISCOUNT_THRESHOLD} stroke="#b45309" strokeDasharray="4 4" label={{ value: `${SHORT_TERM_DISCOUNT_THRESHOLD}% short-term threshold`, position: 'insideTopRight', fontSize: 11, fill: '#92400e' }} />
      <Bar dataKey="discount" name="Average discount" isAnimationActive={false}>
        {data.map((d) => (
          <Cell key={d.label} fill={(d.discount ?? 0) < 0 ? LINE_COLORS[1] : LINE_COLORS[0]} />
        ))}
        <LabelList dataKey="discount" position="top" formatter={percentText} style={{ fontSize: 11, fill: '#334155' }} />
      </Bar>
    </BarChart>
  );
}
