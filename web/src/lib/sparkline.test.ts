import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline';

describe('sparklinePoints', () => {
  it('spreads the values across the width, the lowest at the bottom and the highest at the top', () => {
    expect(sparklinePoints([10, 20, 15], 100, 20)).toBe('0.0,20.0 50.0,0.0 100.0,10.0');
  });

  it('draws a flat series through the middle, and nothing for fewer than two points', () => {
    expect(sparklinePoints([5, 5], 10, 8)).toBe('0.0,4.0 10.0,4.0');
    expect(sparklinePoints([5], 10, 8)).toBe('');
  });
});
