import { Box, HStack, Text } from '@chakra-ui/react';

// One small SVG chart (bar, line, pie) for the reports: no chart library. The values are also in the
// report's table, so the chart is a picture with a title and a text summary for screen readers.

export type ChartKind = 'bar' | 'line' | 'pie';

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

export interface ChartProps {
  kind: ChartKind;
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Formats a value for the axis and the summary. */
  format?: (value: number) => string;
}

/** Distinct colours that read on white and for the common colour-vision deficiencies. */
export const CHART_COLOURS = [
  '#1f6fb2',
  '#e07b00',
  '#2a9d5b',
  '#b8325a',
  '#7a52c7',
  '#6b7280',
  '#c9a400',
  '#0f9fb0',
];

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 12, right: 12, bottom: 56, left: 72 };

const defaultFormat = (v: number) => v.toLocaleString('th-TH', { maximumFractionDigits: 2 });

/** The axis maximum: a round number at or above the largest value. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

const shorten = (text: string, n = 14) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

export function Chart({ kind: asked, title, labels, series, format = defaultFormat }: ChartProps) {
  // A line through one point draws nothing: one period is drawn as a bar.
  const kind: ChartKind = asked === 'line' && labels.length < 2 ? 'bar' : asked;
  const summary = series
    .map((s) => `${s.label}: ${labels.map((l, i) => `${l} ${format(s.values[i] ?? 0)}`).join(', ')}`)
    .join('; ');
  return (
    <Box as="figure" borderWidth="1px" rounded="md" p="3" bg="bg">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={`${title}. ${summary}`}
        style={{ maxHeight: 320 }}
      >
        <title>{title}</title>
        {labels.length === 0 ? null : kind === 'pie' ? (
          <Pie labels={labels} values={series[0]?.values ?? []} />
        ) : (
          <Axes kind={kind} labels={labels} series={series} format={format} />
        )}
      </svg>
      <HStack as="figcaption" gap="4" wrap="wrap" mt="2" fontSize="sm">
        <Text fontWeight="600">{title}</Text>
        {(kind === 'pie' ? labels : series.map((s) => s.label)).map((label, i) => (
          <HStack key={label} gap="1">
            <Box w="3" h="3" rounded="sm" style={{ background: CHART_COLOURS[i % CHART_COLOURS.length] }} />
            <Text>{label}</Text>
          </HStack>
        ))}
      </HStack>
    </Box>
  );
}

function Axes({
  kind,
  labels,
  series,
  format,
}: {
  kind: 'bar' | 'line';
  labels: readonly string[];
  series: readonly ChartSeries[];
  format: (v: number) => string;
}) {
  const values = series.flatMap((s) => s.values);
  const min = Math.min(0, ...values);
  const max = niceMax(Math.max(0, ...values) - min) + min;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH - ((v - min) / (max - min || 1)) * plotH;
  const slot = plotW / labels.length;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => min + f * (max - min));
  return (
    <g fontSize="11" fill="currentColor">
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="#d4d4d8" />
          <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
            {format(t)}
          </text>
        </g>
      ))}
      {labels.map((label, i) => (
        <text
          key={label}
          x={PAD.left + slot * (i + 0.5)}
          y={HEIGHT - PAD.bottom + 16}
          textAnchor="middle"
          transform={
            labels.length > 6
              ? `rotate(-30 ${PAD.left + slot * (i + 0.5)} ${HEIGHT - PAD.bottom + 16})`
              : undefined
          }
        >
          {shorten(label)}
        </text>
      ))}
      {kind === 'bar'
        ? series.map((s, si) => {
            const barW = (slot * 0.8) / series.length;
            return s.values.map((v, i) => (
              <rect
                key={`${s.label}-${labels[i]}`}
                data-testid="chart-bar"
                x={PAD.left + slot * i + slot * 0.1 + barW * si}
                y={Math.min(y(v), y(0))}
                width={Math.max(1, barW - 1)}
                height={Math.abs(y(0) - y(v))}
                fill={CHART_COLOURS[si % CHART_COLOURS.length]}
              >
                <title>{`${labels[i]}: ${format(v)}`}</title>
              </rect>
            ));
          })
        : series.map((s, si) => (
            <g key={s.label}>
              <polyline
                data-testid="chart-line"
                fill="none"
                stroke={CHART_COLOURS[si % CHART_COLOURS.length]}
                strokeWidth="2"
                points={s.values.map((v, i) => `${PAD.left + slot * (i + 0.5)},${y(v)}`).join(' ')}
              />
              {s.values.map((v, i) => (
                <circle
                  key={`${s.label}-${labels[i]}`}
                  cx={PAD.left + slot * (i + 0.5)}
                  cy={y(v)}
                  r="3"
                  fill={CHART_COLOURS[si % CHART_COLOURS.length]}
                >
                  <title>{`${labels[i]}: ${format(v)}`}</title>
                </circle>
              ))}
            </g>
          ))}
    </g>
  );
}

function Pie({ labels, values }: { labels: readonly string[]; values: readonly number[] }) {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const r = HEIGHT / 2 - 16;
  if (total <= 0) return null;
  let angle = -Math.PI / 2;
  return (
    <g>
      {values.map((raw, i) => {
        const v = Math.max(0, raw);
        const sweep = (v / total) * Math.PI * 2;
        const start = angle;
        angle += sweep;
        const colour = CHART_COLOURS[i % CHART_COLOURS.length];
        const tip = `${labels[i]}: ${((v / total) * 100).toFixed(1)}%`;
        if (sweep >= Math.PI * 2 - 1e-9) {
          return (
            <circle key={labels[i]} data-testid="chart-slice" cx={cx} cy={cy} r={r} fill={colour}>
              <title>{tip}</title>
            </circle>
          );
        }
        const x1 = cx + r * Math.cos(start);
        const y1 = cy + r * Math.sin(start);
        const x2 = cx + r * Math.cos(angle);
        const y2 = cy + r * Math.sin(angle);
        return (
          <path
            key={labels[i]}
            data-testid="chart-slice"
            d={`M ${cx} ${cy} L ${x1} ${y1} A ${r} ${r} 0 ${sweep > Math.PI ? 1 : 0} 1 ${x2} ${y2} Z`}
            fill={colour}
            stroke="white"
          >
            <title>{tip}</title>
          </path>
        );
      })}
    </g>
  );
}
