import { useId } from 'react';
import { Box } from '@mantine/core';

export interface Bar {
  id: string;
  label: string;
  value: number;
}

const WIDTH = 360;
const HEIGHT = 160;
const PAD = { top: 16, right: 8, bottom: 28, left: 8 };
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const BAR_COLOR = '#1c7ed6';
const AXIS_COLOR = '#495057';

/**
 * A small bar chart drawn as inline SVG (no chart library), like the servicing value chart. It is
 * one image to assistive technology (role img, <title>, <desc>); the numbers behind it are the
 * linked list shown under it, which is the accessible way to read and open them.
 */
export function BarChart({
  title,
  description,
  bars,
  testId,
}: {
  title: string;
  description: string;
  bars: readonly Bar[];
  testId?: string;
}) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, bars.length);
  const barWidth = Math.min(48, slot * 0.6);
  return (
    <Box>
      <svg
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        focusable="false"
        data-testid={testId}
      >
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + PLOT_H} y2={PAD.top + PLOT_H} stroke={AXIS_COLOR} strokeWidth={1} />
        {bars.map((bar, i) => {
          const h = (bar.value / max) * PLOT_H;
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          const y = PAD.top + PLOT_H - h;
          return (
            <g key={bar.id} fontSize={11} fill={AXIS_COLOR} textAnchor="middle">
              <rect x={x} y={y} width={barWidth} height={Math.max(h, bar.value > 0 ? 2 : 0)} rx={3} fill={BAR_COLOR} />
              <text x={x + barWidth / 2} y={y - 4}>
                {bar.value}
              </text>
              <text x={x + barWidth / 2} y={HEIGHT - 10}>
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
