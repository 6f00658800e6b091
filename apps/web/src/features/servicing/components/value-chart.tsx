import { useId } from 'react';
import { Box, Group, Text } from '@mantine/core';

/**
 * A small line chart drawn as inline SVG (no chart library: a few kilobytes matter on 3G).
 * It is one image to assistive technology (role img, <title> and <desc>); the numbers behind it
 * are in the table shown beside it, which is the accessible way to read them.
 */
export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** Each series differs by colour AND by line pattern and marker, never by colour alone. */
  color: string;
  dashed?: boolean;
  marker: 'circle' | 'square';
}

export interface ValueChartProps {
  title: string;
  description: string;
  /** The x-axis categories (policy years), one per value of every series. */
  categories: readonly string[];
  series: readonly ChartSeries[];
  xAxisLabel: string;
  yAxisLabel: string;
  /** Formats a y value (minor units) for the axis ticks. */
  formatTick: (value: number) => string;
}

const WIDTH = 360;
const HEIGHT = 230;
const PAD = { top: 14, right: 14, bottom: 46, left: 66 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const TICKS = 4;
const AXIS_COLOR = '#495057';
const GRID_COLOR = '#dee2e6';

/** A "nice" step (1, 2, 2.5 or 5 times a power of ten) so that ticks read as round amounts. */
export function niceStep(max: number, ticks: number): number {
  if (max <= 0) return 1;
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return Math.max(1, Math.ceil(step));
}

/** Shows at most `max` category labels, evenly spread, always the first and the last. */
function labelledIndexes(count: number, max: number): Set<number> {
  if (count <= max) return new Set(Array.from({ length: count }, (_, i) => i));
  const every = Math.ceil((count - 1) / (max - 1));
  const indexes = new Set<number>();
  for (let i = 0; i < count; i += every) indexes.add(i);
  indexes.add(count - 1);
  return indexes;
}

function Marker({ shape, x, y, color }: { shape: ChartSeries['marker']; x: number; y: number; color: string }) {
  return shape === 'square' ? (
    <rect x={x - 3.5} y={y - 3.5} width={7} height={7} fill="#fff" stroke={color} strokeWidth={2} />
  ) : (
    <circle cx={x} cy={y} r={3.5} fill={color} />
  );
}

function LegendSwatch({ item }: { item: ChartSeries }) {
  return (
    <svg width={30} height={12} viewBox="0 0 30 12" aria-hidden="true" focusable="false">
      <line x1={1} y1={6} x2={29} y2={6} stroke={item.color} strokeWidth={2.5} strokeDasharray={item.dashed ? '6 4' : undefined} />
      <Marker shape={item.marker} x={15} y={6} color={item.color} />
    </svg>
  );
}

export function ValueChart({ title, description, categories, series, xAxisLabel, yAxisLabel, formatTick }: ValueChartProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const count = categories.length;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const step = niceStep(max, TICKS);
  const top = step * TICKS;
  const x = (i: number) => PAD.left + (count <= 1 ? PLOT_W / 2 : (i * PLOT_W) / (count - 1));
  const y = (v: number) => PAD.top + PLOT_H - (Math.max(0, v) / top) * PLOT_H;
  const labelled = labelledIndexes(count, 8);

  return (
    <Box>
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        preserveAspectRatio="xMidYMid meet"
        focusable="false"
        data-testid="policy-value-chart"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <g fontSize={10.5} fill={AXIS_COLOR}>
          {Array.from({ length: TICKS + 1 }, (_, i) => {
            const value = step * i;
            return (
              <g key={value}>
                <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} stroke={GRID_COLOR} strokeWidth={1} />
                <text x={PAD.left - 6} y={y(value) + 3.5} textAnchor="end">
                  {formatTick(value)}
                </text>
              </g>
            );
          })}
          {categories.map((category, i) =>
            labelled.has(i) ? (
              <text key={category} x={x(i)} y={PAD.top + PLOT_H + 15} textAnchor="middle">
                {category}
              </text>
            ) : null,
          )}
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + PLOT_H} y2={PAD.top + PLOT_H} stroke={AXIS_COLOR} strokeWidth={1} />
          <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + PLOT_H} stroke={AXIS_COLOR} strokeWidth={1} />
          <text x={PAD.left + PLOT_W / 2} y={HEIGHT - 8} textAnchor="middle" fontWeight={600}>
            {xAxisLabel}
          </text>
          <text x={12} y={PAD.top + PLOT_H / 2} textAnchor="middle" fontWeight={600} transform={`rotate(-90 12 ${PAD.top + PLOT_H / 2})`}>
            {yAxisLabel}
          </text>
        </g>
        {series.map((item) => (
          <g key={item.label}>
            <polyline
              points={item.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
              fill="none"
              stroke={item.color}
              strokeWidth={2.5}
              strokeLinejoin="round"
              strokeDasharray={item.dashed ? '6 4' : undefined}
            />
            {item.values.map((v, i) => (
              <Marker key={i} shape={item.marker} x={x(i)} y={y(v)} color={item.color} />
            ))}
          </g>
        ))}
      </svg>
      <Group gap="md" mt={4} justify="center" aria-hidden="true">
        {series.map((item) => (
          <Group key={item.label} gap={6} wrap="nowrap">
            <LegendSwatch item={item} />
            <Text size="sm">{item.label}</Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
}
