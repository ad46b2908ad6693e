/** "Northwind Studio" → "NS"; "ana@example.com" → "AN": the avatar of a recipient. */
export function recipientInitials(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word));
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  return (words[0] ?? name).slice(0, 2).toUpperCase() || '?';
}
