import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { updateUserBodySchema, type User } from '@contract/auth';
import { currencyCodes } from '@contract/currencies';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { applyServerErrors } from '@web/lib/form-errors';
import { useUpdateUser } from '../api/update-user';

const { firstName, lastName, email, phone, currentPassword, homeCurrency } = updateUserBodySchema.shape;
const profileSchema = z.object({
  firstName: firstName.unwrap(),
  lastName: lastName.unwrap(),
  email: email.unwrap(),
  phone: phone.unwrap(),
  homeCurrency: homeCurrency.unwrap(),
  currentPassword,
});
type ProfileInput = z.input<typeof profileSchema>;
const fields = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
] as const;
const DEMO_EMAIL_HINT = 'A demo account keeps its made-up address. Create an account to use your own.';
const PASSWORD_HINT =
  'Needed to change your email. We send a link to the new address; the change takes effect when you open it.';
const fieldNames = [
  ...fields.map((field) => field.name),
  'homeCurrency' as const,
  'currentPassword' as const,
];
const HOME_CURRENCY_HINT = 'What your invoices are valued in, at issue and at payment, for your accounts.';

export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateUser();
  const { register, handleSubmit, setError, reset, formState, watch } = useForm<
    ProfileInput,
    unknown,
    z.output<typeof profileSchema>
  >({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      homeCurrency: user.homeCurrency,
      currentPassword: '',
    },
  });
  // A new address needs the password, and only takes effect once the new address confirms it.
  const changingEmail = watch('email').trim().toLowerCase() !== user.email;

  const onSubmit = handleSubmit((values) => {
    if (changingEmail && !values.currentPassword) {
      setError('currentPassword', { message: 'Enter your current password to change your email' });
      return;
    }
    const { email, currentPassword, ...rest } = values;
    const body = changingEmail ? { ...rest, email, currentPassword } : rest;
    update.mutate(body, {
      onSuccess: (saved) => {
        reset({
          firstName: saved.firstName,
          lastName: saved.lastName,
          email: saved.email,
          phone: saved.phone,
          homeCurrency: saved.homeCurrency,
          currentPassword: '',
        });
        toast(
          changingEmail
            ? {
                title: 'Check your new email',
                description: `We sent a link to ${email}. Your email changes when you open it.`,
              }
            : { title: 'Profile Updated', description: 'Your profile has been saved.' },
        );
      },
      onError: (error) => {
        applyServerErrors(error, setError, fieldNames);
        toast({
          title: 'Update Failed',
          description: 'There was an error updating your profile',
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Profile">
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => {
          const id = `profile-${field.name}`;
          const error = formState.errors[field.name]?.message;
          // A demo's address is made up and money never reaches it from outside: it stays as it is.
          const locked = field.name === 'email' && user.isDemo;
          const hint = locked ? DEMO_EMAIL_HINT : undefined;
          return (
            <FormField key={field.name} id={id} label={field.label} error={error} hint={hint}>
              <Input
                id={id}
                type={field.type}
                autoComplete={field.autoComplete}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, { error, hint })}
                disabled={locked}
                {...register(field.name)}
              />
            </FormField>
          );
        })}
        <FormField
          id="profile-homeCurrency"
          label="Home currency"
          hint={HOME_CURRENCY_HINT}
          error={formState.errors.homeCurrency?.message}
        >
          <NativeSelect
            id="profile-homeCurrency"
            aria-describedby={describedBy('profile-homeCurrency', {
              hint: HOME_CURRENCY_HINT,
              error: formState.errors.homeCurrency?.message,
            })}
            {...register('homeCurrency')}
          >
            {currencyCodes.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </NativeSelect>
        </FormField>
        {changingEmail && (
          <FormField
            id="profile-currentPassword"
            label="Current password"
            error={formState.errors.currentPassword?.message}
            hint={PASSWORD_HINT}
          >
            <Input
              id="profile-currentPassword"
              type="password"
              autoComplete="current-password"
              aria-invalid={formState.errors.currentPassword ? true : undefined}
              aria-describedby={describedBy('profile-currentPassword', {
                error: formState.errors.currentPassword?.message,
                hint: PASSWORD_HINT,
              })}
              {...register('currentPassword')}
            />
          </FormField>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending || !formState.isDirty}>
          {update.isPending && <Spinner />}
          Save changes
        </Button>
      </div>
    </form>
  );
}
