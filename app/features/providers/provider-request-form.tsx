import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { Form, useActionData, useNavigation } from 'react-router';

export type ProviderFormResult =
  | { ok: true }
  | { ok: false; message: string; fields?: Array<{ field: string; message: string }> }
  | undefined;

/** Spec §3 provider request: first name, last name, email — prefilled from the profile. */
export function ProviderRequestForm({
  defaults,
}: {
  defaults: { first_name: string; last_name: string; email: string };
}) {
  const result = useActionData() as ProviderFormResult;
  const navigation = useNavigation();
  const fieldError = (name: string) =>
    result && !result.ok ? result.fields?.find((field) => field.field === name)?.message : undefined;
  return (
    <Form method="post" noValidate>
      <Stack gap="sm">
        {result && !result.ok && !result.fields?.length && (
          <Alert color="red" title="We could not send your request">
            {result.message}
          </Alert>
        )}
        <TextInput
          name="first_name"
          label="First name"
          autoComplete="given-name"
          required
          defaultValue={defaults.first_name}
          error={fieldError('first_name')}
          size="md"
        />
        <TextInput
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          required
          defaultValue={defaults.last_name}
          error={fieldError('last_name')}
          size="md"
        />
        <TextInput
          name="email"
          type="email"
          label="Email"
          description="We will write to you here about your request."
          autoComplete="email"
          required
          defaultValue={defaults.email}
          error={fieldError('email')}
          size="md"
        />
        <Button type="submit" size="md" loading={navigation.state === 'submitting'}>
          Send my request
        </Button>
      </Stack>
    </Form>
  );
}
