import { Button, Group, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { profileNamesSchema } from '../../../common/schemas/profile.ts';
import { toast } from '../../ui/toasts.tsx';
import { ApiError, updateProfile } from './api.ts';

/** First and last name, checked by the same schema the API uses. */
export function NameForm({ firstName, lastName }: { firstName: string; lastName: string }) {
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { first_name: firstName, last_name: lastName },
    validate: schemaResolver(profileNamesSchema, { sync: true }),
  });

  async function save(values: typeof form.values) {
    setSaving(true);
    try {
      const saved = await updateProfile(profileNamesSchema.parse(values));
      form.setInitialValues({ first_name: saved.first_name, last_name: saved.last_name });
      form.setValues({ first_name: saved.first_name, last_name: saved.last_name });
      await revalidator.revalidate();
      toast.success({ title: 'Name saved', message: 'Hosts and guests will see your new name.' });
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields.length) {
        form.setErrors(Object.fromEntries(caught.fields.map((field) => [field.field, field.message])));
      } else {
        toast.error({
          title: 'Name not saved',
          message: caught instanceof Error ? caught.message : 'Please try again.',
        });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="name-title">
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Title order={2} fz="h4" id="name-title" mb="md">
          Your name
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            size="md"
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            size="md"
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={saving} disabled={!form.isDirty()}>
            Save name
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
