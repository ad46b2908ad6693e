import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The money rules of pricing.ts are written once: both sides import them from there, and neither keeps its
 * own copy. Read from the source text of server/src, web/src and contract/src (tests aside), so a copy that
 * comes back fails here rather than in a customer's cent.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const sources = new Map(
  ['server/src', 'web/src', 'contract/src']
    .flatMap(sourcesUnder)
    .map((path) => [path, readFileSync(join(root, path), 'utf8')]),
);

/** The names a file takes from '@contract/pricing': `import { a, b as c }` and `import * as p` … `p.a`. */
function pricingImportsOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@contract\/pricing'/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  for (const match of text.matchAll(/import\s*\*\s*as\s*(\w+)\s*from\s*'@contract\/pricing'/g)) {
    for (const use of text.matchAll(new RegExp(`\\b${match[1]}\\.(\\w+)`, 'g'))) names.add(use[1]!);
  }
  return names;
}

const importersOf = (name: string) =>
  [...sources].filter(([, text]) => pricingImportsOf(text).has(name)).map(([path]) => path);

describe('pricing rules, written once', () => {
  it.each([
    'priceTransfer',
    'priceConversion',
    'priceTrade',
    'valueIn',
    'feeFromBps|transferCharge',
    'percentOf|basisPointsOf',
  ])('server and web both take %s from the contract', (names) => {
    const importers = names.split('|').flatMap(importersOf);
    expect(importers.some((path) => path.startsWith('server/src/'))).toBe(true);
    expect(importers.some((path) => path.startsWith('web/src/'))).toBe(true);
  });

  it('converts money between currencies only in pricing.ts', () => {
    const callers = [...sources]
      .filter(
        ([path, text]) => path !== 'contract/src/pricing.ts' && /(?<!function )\bconvertAtRate\(/.test(text),
      )
      .map(([path]) => path);
    expect(callers).toEqual([]);
  });

  it('rounds a fee up only in feeFromBps', () => {
    // The basis-point fee rounded up: amount × bps + 9,999, over 10,000.
    const copies = [...sources]
      .filter(([path, text]) => path !== 'contract/src/pricing.ts' && /\b9_?999n\b/.test(text))
      .map(([path]) => path);
    expect(copies).toEqual([]);
  });

  it('formats no percentage with floats', () => {
    const floats = [...sources]
      .filter(([, text]) => /\.toFixed\(2\)|Number\([^)]*\)\s*\/[^;]*\*\s*100\b/.test(text))
      .map(([path]) => path);
    expect(floats).toEqual([]);
  });
});
