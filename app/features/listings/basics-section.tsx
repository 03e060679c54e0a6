import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  descriptionSchema,
  TITLE_MAX,
  titleSchema,
} from '../../../common/schemas/properties.ts';

const basicsSchema = z.strictObject({ title: titleSchema, description: descriptionSchema });
export type Basics = z.infer<typeof basicsSchema>;

type Props = {
  initial: Basics;
  submitLabel: string;
  /** Saves (or, before a draft exists, keeps) the values; field errors come back by name. */
  onSubmit: (values: Basics) => Promise<Record<string, string> | undefined>;
};

/** Title and description: what a guest reads first. */
export function BasicsSection({ initial, submitLabel, onSubmit }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = basicsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setBusy(true);
    setErrors((await onSubmit(parsed.data)) ?? {});
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate data-testid="basics-form">
      <Stack gap="md">
        <TextInput
          label="Title"
          description="Say what makes it pleasant: “Bright bathroom by Congress Ave”."
          required
          maxLength={TITLE_MAX}
          value={values.title}
          onChange={(event) => setValues({ ...values, title: event.currentTarget.value })}
          error={errors.title}
          size="md"
        />
        <Textarea
          label="Description"
          description="What guests will find, and how it feels. Optional."
          autosize
          minRows={4}
          maxLength={DESCRIPTION_MAX}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
          error={errors.description}
          size="md"
        />
        <Button type="submit" loading={busy} size="md" style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
