import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Currency } from '@contract/currencies';
import { formatDay } from '@contract/dates';
import { yAxis, type ForecastPoint } from '../lib/forecast';

const dayTick = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const tickOfDay = (date: string) => dayTick.format(new Date(`${date}T00:00:00Z`));

/** Axis ticks read from plotting coordinates: "$1.2K", "−$300". Labels only; amounts shown elsewhere are exact. */
function axisTick(currency: Currency) {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return (value: number) => format.format(value);
}

interface ForecastChartProps {
  points: ForecastPoint[];
  currency: Currency;
  /** The wallet's floor as a plotting coordinate, drawn as a line; null when none or for all wallets. */
  floor: number | null;
  selectedDate: string | null;
  onPickDay: (date: string) => void;
}

/**
 * The expected balance per day with the best/worst band shaded. Clicking or tapping a day opens it; the list
 * of days beside the chart does the same from the keyboard, which is why the drawing itself is hidden from
 * assistive technology. Loaded lazily: it pulls in Recharts.
 */
export function ForecastChart({ points, currency, floor, selectedDate, onPickDay }: ForecastChartProps) {
  const axis = yAxis(points, floor ?? 0);
  return (
    <div className="h-64 w-full cursor-pointer" aria-hidden data-testid="forecast-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={points}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
          onClick={(state) => {
            if (typeof state.activeLabel === 'string') onPickDay(state.activeLabel);
          }}
        >
          <CartesianGrid vertical={false} stroke="var(--color-border)" strokeDasharray="3 3" />
          <XAxis
            dataKey="date"
            tickFormatter={tickOfDay}
            tickLine={false}
            axisLine={false}
            minTickGap={24}
            tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
          />
          <YAxis
            domain={axis.domain}
            ticks={axis.ticks}
            tickFormatter={axisTick(currency)}
            tickLine={false}
            axisLine={false}
            width={64}
            tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
          />
          <ReferenceLine y={0} stroke="var(--color-muted-foreground)" strokeOpacity={0.6} />
          {floor !== null && (
            <ReferenceLine y={floor} stroke="var(--color-destructive)" strokeDasharray="6 4" />
          )}
          {selectedDate && <ReferenceLine x={selectedDate} stroke="var(--color-ring)" />}
          <Tooltip
            cursor={{ stroke: 'var(--color-ring)', strokeOpacity: 0.5 }}
            content={({ active, payload }) => {
              const point = active ? (payload?.[0]?.payload as ForecastPoint | undefined) : undefined;
              if (!point) return null;
              return (
                <div className="grid gap-1 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
                  <p className="font-medium">{formatDay(point.date)}</p>
                  <p>Expected: {point.expectedText}</p>
                  {point.bestText && <p>Best case: {point.bestText}</p>}
                  {point.worstText && <p>Worst case: {point.worstText}</p>}
                  <p className="text-muted-foreground">Select the day to see what moves</p>
                </div>
              );
            }}
          />
          {points[0]?.band && (
            <Area
              dataKey="band"
              type="monotone"
              stroke="none"
              fill="var(--color-primary)"
              fillOpacity={0.15}
              isAnimationActive={false}
              activeDot={false}
            />
          )}
          <Line
            dataKey="expected"
            type="monotone"
            stroke="var(--color-primary)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
