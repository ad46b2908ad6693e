import { NavLink } from 'react-router';
import { cn } from '@web/lib/utils';

/** The tabs of the Books page, each its own address under /books: one line here and one route (app/router.tsx). */
export const booksTabs: { to: string; label: string }[] = [
  { to: '/books/categories', label: 'Categories' },
  { to: '/books/tax', label: 'Tax' },
  { to: '/books/statements', label: 'Statements' },
  { to: '/books/pack', label: 'Accountant pack' },
  { to: '/books/overview', label: 'Balances' },
];

export function BooksTabs() {
  return (
    <nav aria-label="Books" className="max-w-full overflow-x-auto">
      <ul className="inline-flex w-fit items-center gap-1 rounded-xl bg-muted p-1 text-muted-foreground">
        {booksTabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  isActive && 'bg-card text-foreground shadow-sm',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
