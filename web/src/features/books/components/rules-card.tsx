import { useId, useState, type FormEvent } from 'react';
import { Trash2, Wand2 } from 'lucide-react';
import { RULE_TEXT_MAX } from '@contract/categories';
import { QueryContent } from '@web/components/query-content';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { categoryNameOf, useCategories } from '@web/lib/categories';
import { useCreateRule, useDeleteRule, useRules } from '../api/rules';

/**
 * "Counterparty or description contains X → category Y": listed, added (optionally for the past), deleted.
 * `readOnly` (an accountant reading the books) lists them only.
 */
export function RulesCard({ readOnly = false }: { readOnly?: boolean }) {
  const rules = useRules();
  const categories = useCategories();
  const remove = useDeleteRule();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rules</CardTitle>
        <CardDescription>
          New transactions whose counterparty or description contains the words are filed in the category. The
          newest matching rule wins; a category you pick by hand always wins.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryContent
          query={rules}
          loading={<Skeleton role="status" aria-label="Loading rules" className="h-20 rounded-lg" />}
        >
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Wand2 aria-hidden className="mr-1 inline size-4" />
                No rules yet.
              </p>
            ) : (
              <ul className="divide-y" aria-label="Rules">
                {list.map((rule) => (
                  <li
                    key={rule.id}
                    className="flex items-center justify-between gap-3 py-2"
                    data-testid="rule"
                  >
                    <p className="min-w-0 text-sm break-words">
                      Contains <span className="font-medium">“{rule.contains}”</span> →{' '}
                      <span className="font-medium">{categoryNameOf(categories.data, rule.categoryId)}</span>
                    </p>
                    {!readOnly && (
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Delete the rule for “${rule.contains}”`}
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(rule.id, {
                            onSuccess: () => toast({ title: 'Rule deleted' }),
                            onError: (error) =>
                              toast({
                                variant: 'destructive',
                                title: friendlyErrorMessage(error, 'Not deleted'),
                              }),
                          })
                        }
                      >
                        <Trash2 />
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryContent>
        {!readOnly && <NewRuleForm />}
      </CardContent>
    </Card>
  );
}

function NewRuleForm() {
  const id = useId();
  const categories = useCategories();
  const [contains, setContains] = useState('');
  const [categoryId, setCategoryId] = useState('software');
  const [applyToPast, setApplyToPast] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const create = useCreateRule();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    create.mutate(
      { contains, categoryId, applyToPast },
      {
        onSuccess: (result) => {
          setContains('');
          toast({
            title: 'Rule added',
            description: applyToPast
              ? `${result.applied} earlier transaction${result.applied === 1 ? '' : 's'} filed too.`
              : 'It files new transactions from now on.',
          });
        },
        onError: (problem) => setError(friendlyErrorMessage(problem, 'Not added')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 border-t pt-4" aria-label="Add a rule">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-contains`} label="When it contains" error={error}>
          <Input
            id={`${id}-contains`}
            value={contains}
            maxLength={RULE_TEXT_MAX}
            placeholder="e.g. Figma"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-contains`, { error })}
            onChange={(event) => setContains(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-category`} label="File it in">
          <NativeSelect
            id={`${id}-category`}
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
          >
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <Switch id={`${id}-past`} checked={applyToPast} onCheckedChange={setApplyToPast} />
        <Label htmlFor={`${id}-past`}>Also file earlier transactions</Label>
      </div>
      <Button type="submit" className="w-fit" disabled={create.isPending || contains.trim() === ''}>
        Add rule
      </Button>
    </form>
  );
}
