import { BookOpen } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { OpenBooks } from '@contract/accountants';
import { Button } from '@web/components/ui/button';
import { NativeSelect } from '@web/components/ui/native-select';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/utils';
import { useReadableBooks, useSwitchBooks } from '../api/books';

const OWN = 'own';

/**
 * Across the top of the app for anyone who may read someone's books: whose books are open, and the switch
 * between them and one's own. While another's are open it says plainly that they are read-only, and whose.
 */
export function BooksBar({ books }: { books: OpenBooks }) {
  const readable = useReadableBooks();
  const switchBooks = useSwitchBooks();
  const navigate = useNavigate();
  const choices = readable.data ?? [];
  if (!books && choices.length === 0) return null;

  const choose = (value: string) => {
    const ownerId = value === OWN ? null : value;
    switchBooks.mutate(ownerId, {
      onSuccess: () => void navigate(ownerId ? '/books/overview' : '/dashboard'),
    });
  };

  return (
    <section
      aria-label="Books"
      data-testid="books-bar"
      className={cn(
        'mb-6 grid gap-3 rounded-lg border bg-muted/60 px-4 py-3 text-sm sm:flex sm:items-center',
        // Another's books: marked along its edge, so the page never passes for one's own.
        books && 'border-l-4 border-l-highlight',
      )}
    >
      <BookOpen aria-hidden className="hidden size-4 shrink-0 text-muted-foreground sm:block" />
      <p className="flex-1">
        {books ? (
          <>
            <span className="font-medium">Read-only: you are reading the books of {books.ownerName}</span>{' '}
            <span className="text-muted-foreground">
              ({books.ownerEmail}). You can see wallets, history and invoices
              {books.annotate ? ' and set categories and notes' : ''}; nothing here moves money.
            </span>
          </>
        ) : (
          <span className="text-muted-foreground">You are in your own books.</span>
        )}
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor="books-switcher" className="text-xs font-medium text-muted-foreground">
          Books
        </label>
        <NativeSelect
          id="books-switcher"
          value={books?.ownerId ?? OWN}
          disabled={switchBooks.isPending}
          onChange={(event) => choose(event.target.value)}
        >
          <option value={OWN}>My own books</option>
          {choices.map((choice) => (
            <option key={choice.ownerId} value={choice.ownerId}>
              {choice.ownerName}
            </option>
          ))}
        </NativeSelect>
        {books && (
          <Button size="sm" variant="outline" onClick={() => choose(OWN)} disabled={switchBooks.isPending}>
            Back to my books
          </Button>
        )}
      </div>
      {switchBooks.isError && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {friendlyErrorMessage(switchBooks.error)}
        </p>
      )}
    </section>
  );
}
