import {
  Activity,
  ArrowLeftRight,
  BookOpen,
  CreditCard,
  FileText,
  History,
  LayoutDashboard,
  Send,
  TrendingUp,
  UserRound,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  /** The short label in the sidebar and tab bar. */
  label: string;
  /** The page title in the header. */
  title: string;
  icon: LucideIcon;
}

export const navItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', title: 'Dashboard', icon: LayoutDashboard },
  { to: '/portfolio', label: 'Portfolio', title: 'Portfolio & Trading', icon: TrendingUp },
  { to: '/invoices', label: 'Invoices', title: 'Invoices & Billing', icon: FileText },
  { to: '/clients', label: 'Clients', title: 'Clients', icon: Users },
  { to: '/convert', label: 'Convert', title: 'Currency Converter', icon: ArrowLeftRight },
  { to: '/cards', label: 'Cards', title: 'My Cards', icon: CreditCard },
  { to: '/transfer', label: 'Send', title: 'Send Money', icon: Send },
  { to: '/history', label: 'History', title: 'Transaction History', icon: History },
  { to: '/books', label: 'Books', title: 'Books', icon: BookOpen },
  { to: '/profile', label: 'Profile', title: 'Profile & Settings', icon: UserRound },
  { to: '/system-status', label: 'System', title: 'System Status', icon: Activity },
];

/**
 * The phone's tab bar has room for five tabs and More (eleven at 390 px would scroll sideways). These are the
 * everyday money screens; Invoices, Clients, Cards, Books, Profile (also in the avatar menu) and System wait
 * behind More.
 */
const PHONE_TAB_PATHS = new Set(['/dashboard', '/portfolio', '/convert', '/transfer', '/history']);
export const phoneTabItems = navItems.filter((item) => PHONE_TAB_PATHS.has(item.to));
export const phoneMoreItems = navItems.filter((item) => !PHONE_TAB_PATHS.has(item.to));

/**
 * While an accountant reads someone's books: the overview, the history and the invoices, and nothing that
 * moves money or touches the owner's account (the server refuses those regardless).
 */
export const booksNavItems: NavItem[] = [
  { to: '/books/overview', label: 'Overview', title: 'Books Overview', icon: Wallet },
  { to: '/history', label: 'History', title: 'Transaction History', icon: History },
  { to: '/invoices', label: 'Invoices', title: 'Invoices & Billing', icon: FileText },
  { to: '/books/categories', label: 'Books', title: 'Books', icon: BookOpen },
];

/**
 * The pages an accountant reading someone's books may open: the Books tabs, the history and the invoices. Any
 * other address (typed, or a bookmark of the owner's own) leads to the overview instead of a page of refusals.
 */
export const readableInBooks = (path: string) =>
  ['/books', '/history', '/invoices'].some((page) => path === page || path.startsWith(`${page}/`));

/** Any path the app does not know is shown inside the shell under this title. */
export const FALLBACK_TITLE = 'Dashboard';
