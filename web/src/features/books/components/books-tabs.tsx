import { PageTabs, type PageTab } from '@web/components/page-tabs';

/** The tabs of the Books page, each its own address under /books: one line here and one route (app/router.tsx). */
export const booksTabs: PageTab[] = [
  { to: '/books/categories', label: 'Categories' },
  { to: '/books/tax', label: 'Tax' },
  { to: '/books/statements', label: 'Statements' },
  { to: '/books/pack', label: 'Accountant pack' },
  { to: '/books/overview', label: 'Balances' },
];

export function BooksTabs() {
  return <PageTabs label="Books" tabs={booksTabs} />;
}
