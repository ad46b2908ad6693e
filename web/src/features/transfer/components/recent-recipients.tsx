import { useState } from 'react';
import { BookmarkPlus, Trash2, UserPlus, Users } from 'lucide-react';
import type { Recipient } from '@contract/recipients';
import { QueryContent } from '@web/components/query-content';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListSkeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { relativeTime } from '@web/lib/relative-time';
import { cn } from '@web/lib/utils';
import { useDeleteRecipient } from '../api/delete-recipient';
import { useRecipients } from '../api/get-recipients';
import { useSaveRecipient } from '../api/save-recipient';
import { recipientInitials } from '../lib/recipient-initials';
import { SaveRecipientDialog } from './save-recipient-dialog';

interface RecentRecipientsProps {
  /** The email in the form now: that recipient shows as chosen. */
  selectedEmail: string;
  onPick: (recipient: Recipient) => void;
  /** Prefills the Save dialog with whoever the form is paying. */
  draftEmail: string;
}

/** GET /api/recipients. Choosing one fills the form; saved ones can be removed, recent ones saved. */
export function RecentRecipients({ selectedEmail, onPick, draftEmail }: RecentRecipientsProps) {
  const recipients = useRecipients();
  const [adding, setAdding] = useState(false);
  return (
    <Card role="region" aria-labelledby="recipients-title">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="recipients-title">Recent Recipients</CardTitle>
          <CardDescription>Choose someone to pay them again.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
          <UserPlus />
          Save new
        </Button>
      </CardHeader>
      <QueryContent
        query={recipients}
        loading={<ListSkeleton label="Loading recipients" trailing={false} />}
        empty={
          <EmptyState
            icon={Users}
            title="No recipients yet"
            description="People you send money to appear here. Save someone to have them one click away."
          />
        }
      >
        {(list) => (
          <ul className="-mx-2 grid gap-0.5" data-testid="recipients">
            {list.map((recipient) => (
              <RecipientRow
                key={recipient.id}
                recipient={recipient}
                selected={recipient.email === selectedEmail.trim().toLowerCase()}
                onPick={() => onPick(recipient)}
              />
            ))}
          </ul>
        )}
      </QueryContent>
      <SaveRecipientDialog open={adding} onOpenChange={setAdding} initialEmail={draftEmail} />
    </Card>
  );
}

/** "Just now" → "just now", "Yesterday" → "yesterday"; a date ("Nov 9, 2026") keeps its capital. */
const inSentence = (relative: string) =>
  relative === 'Just now' || relative === 'Yesterday' ? relative.toLowerCase() : relative;

function RecipientRow({
  recipient,
  selected,
  onPick,
}: {
  recipient: Recipient;
  selected: boolean;
  onPick: () => void;
}) {
  const remove = useDeleteRecipient();
  const save = useSaveRecipient();
  const hasName = recipient.name && recipient.name !== recipient.email;
  const detail = recipient.lastSentAt ? `Paid ${inSentence(relativeTime(recipient.lastSentAt))}` : null;

  const removeSaved = () =>
    remove.mutate(recipient.id, {
      onSuccess: () => toast({ title: 'Recipient Removed', description: `${recipient.name} was removed.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: friendlyErrorMessage(error, 'Failed to remove recipient'),
        }),
    });
  const saveRecent = () =>
    save.mutate(
      { name: recipient.name, email: recipient.email },
      {
        onSuccess: () => toast({ title: 'Recipient Saved', description: `${recipient.name} was saved.` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: friendlyErrorMessage(error, 'Failed to save recipient'),
          }),
      },
    );

  return (
    <li className="group flex items-center gap-1">
      <button
        type="button"
        aria-pressed={selected}
        onClick={onPick}
        className={cn(
          'flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl px-2 py-2 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
          selected && 'bg-primary/5 ring-1 ring-primary/40',
        )}
      >
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
        >
          {recipientInitials(recipient.name || recipient.email)}
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate text-sm font-medium">{hasName ? recipient.name : recipient.email}</span>
            {recipient.saved && (
              <Badge variant="secondary" className="shrink-0">
                Saved
              </Badge>
            )}
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {hasName ? recipient.email : null}
            {hasName && detail ? ' · ' : null}
            {detail}
          </span>
        </span>
      </button>
      {recipient.saved ? (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Remove ${recipient.name}`}
          onClick={removeSaved}
          disabled={remove.isPending}
          className="text-muted-foreground hover:text-destructive"
        >
          <Trash2 />
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Save ${recipient.name}`}
          onClick={saveRecent}
          disabled={save.isPending}
          className="text-muted-foreground hover:text-primary"
        >
          <BookmarkPlus />
        </Button>
      )}
    </li>
  );
}
