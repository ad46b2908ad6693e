import { useId, useState, type FormEvent } from 'react';
import { NOTE_MAX, type HistoryRow } from '@contract/categories';
import { Button } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useCategories } from '@web/lib/categories';
import { useSetRowCategory, useSetRowNote } from '../api/annotate-row';

const noteDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A row's category (changed at once when picked) and its note (saved with a button), in its detail. */
export function RowAnnotations({ row }: { row: HistoryRow }) {
  const id = useId();
  const categories = useCategories();
  const setCategory = useSetRowCategory();
  const setNote = useSetRowNote();
  const [note, setNoteText] = useState(row.note?.text ?? '');
  const [noteError, setNoteError] = useState<string | undefined>();

  const pick = (category: string) =>
    setCategory.mutate(
      { id: row.id, category },
      {
        onSuccess: () => toast({ title: 'Category changed' }),
        onError: (error) =>
          toast({ variant: 'destructive', title: friendlyErrorMessage(error, 'Not changed') }),
      },
    );

  const save = (event: FormEvent) => {
    event.preventDefault();
    setNoteError(undefined);
    setNote.mutate(
      { id: row.id, text: note },
      {
        onSuccess: (answer) => toast({ title: answer.note ? 'Note saved' : 'Note removed' }),
        onError: (error) => setNoteError(friendlyErrorMessage(error, 'The note could not be saved')),
      },
    );
  };

  const hint = row.note
    ? `Written by ${row.note.writtenBy === 'owner' ? 'you' : 'your accountant'}, ${noteDate.format(new Date(row.note.writtenAt))}`
    : undefined;
  return (
    <div className="grid gap-4 border-t pt-4">
      <FormField id={`${id}-category`} label="Category">
        <NativeSelect
          id={`${id}-category`}
          value={row.category}
          disabled={!categories.data || setCategory.isPending}
          onChange={(event) => pick(event.target.value)}
        >
          {(categories.data ?? [{ id: row.category, name: 'Loading…' }]).map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <form onSubmit={save} className="grid gap-2">
        <FormField id={`${id}-note`} label="Note" hint={hint} error={noteError}>
          <Textarea
            id={`${id}-note`}
            value={note}
            maxLength={NOTE_MAX}
            rows={2}
            placeholder="What was this for?"
            aria-describedby={describedBy(`${id}-note`, { hint, error: noteError })}
            aria-invalid={noteError ? true : undefined}
            onChange={(event) => setNoteText(event.target.value)}
          />
        </FormField>
        <Button type="submit" variant="outline" size="sm" className="w-fit" disabled={setNote.isPending}>
          {note.trim() === '' && row.note ? 'Remove note' : 'Save note'}
        </Button>
      </form>
    </div>
  );
}
