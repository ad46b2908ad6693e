import { useState } from 'react';
import { Plus } from 'lucide-react';
import { currencyCodes, currencies, type Currency } from '@contract/currencies';
import type { Wallet } from '@contract/wallets';
import { Button } from '@web/components/ui/button';
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useOpenWallet } from '@web/lib/wallets';

/** Opens the wallet and says so; a failure (already open, signed out) is a toast with the server's reason. */
function useOpenWalletWithToast(onOpened?: (wallet: Wallet) => void) {
  const open = useOpenWallet();
  const run = (currency: Currency) =>
    open.mutate(currency, {
      onSuccess: (wallet) => {
        toast({ title: 'Wallet Opened', description: `Your ${wallet.currency} wallet is ready.` });
        onOpened?.(wallet);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Wallet Not Opened',
          description: friendlyErrorMessage(error),
        }),
    });
  return { run, pending: open.isPending };
}

/** "Open a GBP wallet": where a screen needs a wallet in one currency the user does not hold. */
export function OpenWalletButton({
  currency,
  onOpened,
  size = 'sm',
}: {
  currency: Currency;
  onOpened?: (wallet: Wallet) => void;
  size?: 'sm' | 'default';
}) {
  const { run, pending } = useOpenWalletWithToast(onOpened);
  return (
    <Button type="button" variant="outline" size={size} disabled={pending} onClick={() => run(currency)}>
      {pending ? <Spinner /> : <Plus />} Open a {currency} wallet
    </Button>
  );
}

/** A currency the user does not hold yet, and a button that opens a wallet in it. Nothing when all are open. */
export function OpenWalletPicker({
  wallets,
  onOpened,
  idPrefix,
}: {
  wallets: readonly Wallet[];
  onOpened?: (wallet: Wallet) => void;
  /** Keeps the select's id unique where two pickers could share a page. */
  idPrefix: string;
}) {
  const missing = currencyCodes.filter((code) => !wallets.some((wallet) => wallet.currency === code));
  const [chosen, setChosen] = useState<Currency | null>(null);
  const { run, pending } = useOpenWalletWithToast(onOpened);
  if (missing.length === 0) return null;
  const currency = chosen && missing.includes(chosen) ? chosen : missing[0]!;
  const id = `${idPrefix}-open-wallet`;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-40 flex-1 gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          Add a currency
        </label>
        <NativeSelect
          id={id}
          value={currency}
          onChange={(event) => setChosen(event.target.value as Currency)}
        >
          {missing.map((code) => (
            <option key={code} value={code}>
              {code} · {currencies[code].name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="button" variant="outline" disabled={pending} onClick={() => run(currency)}>
        {pending ? <Spinner /> : <Plus />} Open wallet
      </Button>
    </div>
  );
}
