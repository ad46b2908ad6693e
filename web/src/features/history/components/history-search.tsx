import { useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import type { HistorySearchTerms } from '../api/get-transaction-page';

/**
 * Words and a range of days narrowing the history. Applied on Search (or Enter), not per keystroke, so typing
 * does not send a request a letter.
 */
export function HistorySearch({
  search,
  onSearch,
}: {
  search: HistorySearchTerms;
  onSearch: (search: HistorySearchTerms) => void;
}) {
  const [q, setQ] = useState(search.q ?? '');
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  // The fields follow the address when it changes from outside (Back, a link), but not when it catches up
  // with a search made here: by then the person may already be typing the next one.
  const searchKey = JSON.stringify(search);
  const [shown, setShown] = useState({ key: searchKey, ours: searchKey });
  if (searchKey !== shown.key) {
    setShown({ key: searchKey, ours: shown.ours });
    if (searchKey !== shown.ours) {
      setQ(search.q ?? '');
      setFrom(search.from ?? '');
      setTo(search.to ?? '');
    }
  }
  const apply = (terms: HistorySearchTerms) => {
    setShown((current) => ({ ...current, ours: JSON.stringify(terms) }));
    onSearch(terms);
  };
  const backwards = from !== '' && to !== '' && to < from;
  const active = Boolean(search.q || search.from || search.to);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (backwards) return;
    apply({ q: q.trim() || undefined, from: from || undefined, to: to || undefined });
  };
  const clear = () => {
    setQ('');
    setFrom('');
    setTo('');
    apply({});
  };

  return (
    <form
      role="search"
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto] sm:items-end"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="history-q">Search</Label>
        <Input
          id="history-q"
          type="search"
          value={q}
          maxLength={100}
          placeholder="Description, name or email"
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:contents">
        <div className="grid gap-1.5">
          <Label htmlFor="history-from">From</Label>
          <Input
            id="history-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="history-to">To</Label>
          <Input
            id="history-to"
            type="date"
            value={to}
            min={from || undefined}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? 'history-range-error' : undefined}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="outline" className="flex-1 sm:flex-none">
          <Search />
          Search
        </Button>
        {active && (
          <Button type="button" variant="ghost" onClick={clear}>
            <X />
            Clear
          </Button>
        )}
      </div>
      {backwards && (
        <p id="history-range-error" role="alert" className="text-sm text-destructive sm:col-span-4">
          The end date is before the start date.
        </p>
      )}
    </form>
  );
}
