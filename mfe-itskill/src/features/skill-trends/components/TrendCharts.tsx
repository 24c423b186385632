import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Series } from '../trend-series';

/**
 * The trends' charts (recharts). This module is the only one that imports the charting library, and the
 * trends screen is loaded lazily, so no other route pays for it. Charts are hidden from screen readers: each
 * has a table next to it. recharts' keyboard layer (a focusable chart, on by default) is off: a focusable
 * element inside the aria-hidden figure would be reached by Tab and announced as nothing (axe: aria-hidden-focus).
 */
const COLORS = ['#3a5bff', '#f97316', '#10b981', '#a855f7'];
const HEIGHT = 280;

export function GroupedBarChart({
  rows,
  series,
  category,
}: {
  rows: Record<string, string | number | null>[];
  series: Series[];
  category: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={category} tick={{ fontSize: 12 }} />
        <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => `${String(value)}점`} />
        <Legend />
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={COLORS[i % COLORS.length]} radius={[4, 4, 0, 0]} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function MissedAreaChart({ rows }: { rows: { label: string; averagePercent: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, rows.length * 44)}>
      <BarChart
        accessibilityLayer={false}
        data={rows}
        layout="vertical"
        margin={{ top: 0, right: 16, left: 24, bottom: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" domain={[0, 100]} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="label" width={140} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => `${String(value)}점`} />
        <Bar dataKey="averagePercent" name="평균 점수" fill={COLORS[1]} radius={[0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function SeasonLineChart({
  rows,
  series,
}: {
  rows: Record<string, string | number | null>[];
  series: Series[];
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 16, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="season" tick={{ fontSize: 12 }} />
        <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => `${String(value)}점`} />
        <Legend />
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={COLORS[i % COLORS.length]}
            strokeWidth={2}
            connectNulls={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
