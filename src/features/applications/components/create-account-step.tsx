import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { PasswordChecklist } from '@/components/password-checklist';
import { PasswordInput } from '@/components/password-input';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage, getFieldErrors } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import {
  createAccountFormSchema,
  type CreateAccountFormData,
  type CreateAccountFormInput,
} from '@shared/schemas/application';

type Values = CreateAccountFormInput;

/**
 * Create account after submitting: registration signs the client in and, with the one-hour claim the submission
 * answer set, links the application when the email is the one applied with. Password rules are the platform's.
 */
export function CreateAccountStep({
  defaults,
  onCreated,
}: {
  defaults: Omit<Values, 'password' | 'confirmPassword'>;
  onCreated: () => void | Promise<void>;
}) {
  const queryClient = useQueryClient();
  const register = trpc.auth.register.useMutation();
  const form = useForm<Values, unknown, CreateAccountFormData>({
    resolver: zodResolver(createAccountFormSchema),
    defaultValues: { ...defaults, password: '', confirmPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await register.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password,
        businessName: values.businessName,
      });
      // The session changed: everything cached for the anonymous visitor is stale.
      await queryClient.invalidateQueries();
      toaster.create({
        type: 'success',
        title: 'Account Created',
        description: 'Your account has been created successfully!',
      });
      await onCreated();
    } catch (error) {
      for (const [field, messages] of Object.entries(getFieldErrors(error))) {
        if (field in values && messages[0]) {
          form.setError(field as FieldPath<Values>, { type: 'server', message: messages[0] });
        }
      }
      toaster.create({
        type: 'error',
        title: 'Error',
        description: getErrorMessage(error, 'Failed to create account. Please try again.'),
      });
    }
  });

  const field = (name: keyof Values, label: string, input: ReactNode, isRequired = true) => (
    <Field.Root invalid={Boolean(errors[name])} required={isRequired} ids={{ errorText: `account-${name}-error` }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {input}
      <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );
  const describe = (name: keyof Values, extra?: string) =>
    [errors[name] ? `account-${name}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const registerInput = (name: keyof Values) => form.register(name, { onChange: () => form.clearErrors(name) });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="5">
        <Text color="fg.muted">
          Create an account to track your application, accept offers and manage your funding.
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {field(
            'firstName',
            'First Name',
            <Input
              autoComplete="given-name"
              {...registerInput('firstName')}
              aria-describedby={describe('firstName')}
            />,
          )}
          {field(
            'lastName',
            'Last Name',
            <Input autoComplete="family-name" {...registerInput('lastName')} aria-describedby={describe('lastName')} />,
          )}
        </SimpleGrid>
        {field(
          'email',
          'Email',
          <Input type="email" autoComplete="email" {...registerInput('email')} aria-describedby={describe('email')} />,
        )}
        {field(
          'businessName',
          'Business Name',
          <Input
            autoComplete="organization"
            {...registerInput('businessName')}
            aria-describedby={describe('businessName')}
          />,
          false,
        )}
        {field(
          'password',
          'Password',
          <PasswordInput
            autoComplete="new-password"
            {...registerInput('password')}
            aria-describedby={describe('password', 'account-password-rules')}
          />,
        )}
        <PasswordChecklist id="account-password-rules" password={password} />
        {field(
          'confirmPassword',
          'Confirm Password',
          <PasswordInput
            autoComplete="new-password"
            {...registerInput('confirmPassword')}
            aria-describedby={describe('confirmPassword')}
          />,
        )}
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={register.isPending}
          loadingText="Creating Account..."
        >
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
