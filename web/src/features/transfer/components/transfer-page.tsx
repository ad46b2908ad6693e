import { Outlet } from 'react-router';
import { TransferTabs } from './transfer-tabs';

/** Send Money: send now, or schedule payments for later; each tab is its own address under /transfer. */
export function TransferPage() {
  return (
    <div className="grid gap-6">
      <TransferTabs />
      <Outlet />
    </div>
  );
}
