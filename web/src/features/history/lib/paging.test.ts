import { describe, expect, it } from 'vitest';
import { currentCursor, firstPage, nextPage, pageNumber, previousPage } from './paging';

describe('cursor paging', () => {
  it('goes forward with the server cursor and back through the ones it has seen', () => {
    let stack = firstPage;
    expect(pageNumber(stack)).toBe(1);
    expect(currentCursor(stack)).toBeNull();

    stack = nextPage(stack, 'c2');
    stack = nextPage(stack, 'c3');
    expect(pageNumber(stack)).toBe(3);
    expect(currentCursor(stack)).toBe('c3');

    stack = previousPage(stack);
    expect(currentCursor(stack)).toBe('c2');
    stack = previousPage(previousPage(stack));
    expect(stack).toEqual([null]);
  });

  it('stays on the last page when there is no next cursor', () => {
    expect(nextPage(firstPage, null)).toBe(firstPage);
  });
});
