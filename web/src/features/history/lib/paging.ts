/**
 * Keyset paging has no page count: we keep the cursors of the pages seen so far. The first page has no cursor
 * (null); Next pushes the cursor the server gave for the page after; Previous pops back to the one before.
 */
export type CursorStack = readonly (string | null)[];

export const firstPage: CursorStack = [null];

export const currentCursor = (stack: CursorStack): string | null => stack[stack.length - 1] ?? null;

/** "Page N", counted from 1. */
export const pageNumber = (stack: CursorStack): number => stack.length;

export const nextPage = (stack: CursorStack, nextCursor: string | null): CursorStack =>
  nextCursor ? [...stack, nextCursor] : stack;

export const previousPage = (stack: CursorStack): CursorStack =>
  stack.length > 1 ? stack.slice(0, -1) : stack;
