/**
 * The SVG polyline of a sparkline: `values` spread evenly across `width`, scaled between their own minimum
 * (bottom) and maximum (top) within `height`. A flat series is drawn through the middle. Geometry only: the
 * numbers are rates read for drawing, never amounts.
 */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length < 2) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const step = width / (values.length - 1);
  const y = (value: number) => (max === min ? height / 2 : height - ((value - min) / (max - min)) * height);
  return values.map((value, index) => `${(index * step).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
}
