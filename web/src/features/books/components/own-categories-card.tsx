import { useId, useState, type FormEvent } from 'react';
import { Check, Pencil, Tags, Trash2, X } from 'lucide-react';
import { CATEGORY_NAME_MAX, type Category } from '@contract/categories';
import { QueryContent } from '@web/components/query-content';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useCategories } from '@web/lib/categories';
import { useCreateCategory, useDeleteCategory, useRenameCategory } from '../api/own-categories';

const describe = (category: Category) =>
  category.kind === 'income' ? 'Income' : category.deductible ? 'Expense, deductible' : 'Expense';

/**
 * The user's own categories: added, renamed and deleted; the built-in ones listed beside them. `readOnly`
 * (an accountant reading the books) lists them without the actions: they are the owner's to change.
 */
export function OwnCategoriesCard({ readOnly = false }: { readOnly?: boolean }) {
  const categories = useCategories();
  const [deleting, setDeleting] = useState<Category | null>(null);
  const remove = useDeleteCategory();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your categories</CardTitle>
        <CardDescription>
          Built in: Income, Software, Equipment, Travel, Meals, Fees, Taxes, Transfers and Uncategorised.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryContent
          query={categories}
          loading={<Skeleton role="status" aria-label="Loading categories" className="h-20 rounded-lg" />}
        >
          {(list) => {
            const own = list.filter((category) => !category.builtIn);
            return own.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Tags aria-hidden className="mr-1 inline size-4" />
                {readOnly ? 'No categories of their own.' : 'None of your own yet: add one below.'}
              </p>
            ) : (
              <ul className="divide-y" aria-label="Your categories">
                {own.map((category) => (
                  <OwnCategoryRow
                    key={category.id}
                    category={category}
                    onDelete={readOnly ? undefined : () => setDeleting(category)}
                  />
                ))}
              </ul>
            );
          }}
        </QueryContent>
        {!readOnly && <NewCategoryForm />}
      </CardContent>
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={`Delete ${deleting.name}?`}
          description="Its rules go too, and the transactions filed under it go back to the category Meridian guessed for them."
          action="Delete category"
          destructive
          confirm={async () => {
            await remove.mutateAsync(deleting.id);
            toast({ title: 'Category deleted', description: `${deleting.name} was deleted.` });
          }}
        />
      )}
    </Card>
  );
}

/** Without `onDelete`, the row is read-only. */
function OwnCategoryRow({ category, onDelete }: { category: Category; onDelete?: () => void }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameCategory();
  const save = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: category.id, name },
      {
        onSuccess: () => setEditing(false),
        onError: (problem) => setError(friendlyErrorMessage(problem, 'Not renamed')),
      },
    );
  };
  if (editing) {
    return (
      <li className="py-2">
        <form onSubmit={save} className="flex items-start gap-2">
          <FormField
            id={`${id}-name`}
            label={`New name for ${category.name}`}
            error={error}
            className="flex-1"
          >
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={CATEGORY_NAME_MAX}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(`${id}-name`, { error })}
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <Button
            type="submit"
            size="icon"
            aria-label="Save name"
            className="mt-6"
            disabled={rename.isPending}
          >
            <Check />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label="Cancel renaming"
            className="mt-6"
            onClick={() => setEditing(false)}
          >
            <X />
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className="flex items-center justify-between gap-3 py-2" data-testid="own-category">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{category.name}</p>
        <p className="text-xs text-muted-foreground">{describe(category)}</p>
      </div>
      {onDelete && (
        <div className="flex shrink-0 gap-1">
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Rename ${category.name}`}
            onClick={() => setEditing(true)}
          >
            <Pencil />
          </Button>
          <Button size="icon" variant="ghost" aria-label={`Delete ${category.name}`} onClick={onDelete}>
            <Trash2 />
          </Button>
        </div>
      )}
    </li>
  );
}

function NewCategoryForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'income' | 'expense'>('expense');
  const [deductible, setDeductible] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const create = useCreateCategory();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    create.mutate(
      { name, kind, deductible: kind === 'expense' && deductible },
      {
        onSuccess: (made) => {
          setName('');
          toast({ title: 'Category added', description: `${made.name} is ready to use.` });
        },
        onError: (problem) => setError(friendlyErrorMessage(problem, 'Not added')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 border-t pt-4" aria-label="Add a category">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <FormField id={`${id}-name`} label="New category" error={error}>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={CATEGORY_NAME_MAX}
            placeholder="e.g. Coworking"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-name`, { error })}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-kind`} label="Counts as">
          <NativeSelect
            id={`${id}-kind`}
            value={kind}
            onChange={(event) => setKind(event.target.value as 'income' | 'expense')}
          >
            <option value="expense">Expense</option>
            <option value="income">Income</option>
          </NativeSelect>
        </FormField>
      </div>
      {kind === 'expense' && (
        <div className="flex items-center gap-2">
          <Switch id={`${id}-deductible`} checked={deductible} onCheckedChange={setDeductible} />
          <Label htmlFor={`${id}-deductible`}>Deductible from taxable income</Label>
        </div>
      )}
      <Button type="submit" className="w-fit" disabled={create.isPending || name.trim() === ''}>
        Add category
      </Button>
    </form>
  );
}
