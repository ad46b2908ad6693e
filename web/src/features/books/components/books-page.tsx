import { Outlet } from 'react-router';
import { BooksTabs } from './books-tabs';

/** Books: what the year's money was for, in the home currency; each tab is its own address under /books. */
export function BooksPage() {
  return (
    <div className="grid gap-6">
      <BooksTabs />
      <Outlet />
    </div>
  );
}
