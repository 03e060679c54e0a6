import { Button, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ACCESS_INSTRUCTIONS_MAX, HOUSE_RULES_MAX } from '../../../common/schemas/properties.ts';

export type Rules = { house_rules: string; access_instructions: string };

type Props = {
  initial: Rules;
  submitLabel: string;
  onSubmit: (values: Rules) => Promise<Record<string, string> | undefined>;
};

/** House rules (public) and access instructions (private until a booking is confirmed). */
export function RulesSection({ initial, submitLabel, onSubmit }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors((await onSubmit(values)) ?? {});
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label="House rules"
          description="Shown on your listing: “Please leave the window open”, “No smoking”."
          autosize
          minRows={3}
          maxLength={HOUSE_RULES_MAX}
          value={values.house_rules}
          onChange={(event) => setValues({ ...values, house_rules: event.currentTarget.value })}
          error={errors.house_rules}
          size="md"
        />
        <Textarea
          label="Access instructions"
          description="Private: only guests with a confirmed booking see them. Door codes, which bell, where the key is."
          autosize
          minRows={3}
          maxLength={ACCESS_INSTRUCTIONS_MAX}
          value={values.access_instructions}
          onChange={(event) => setValues({ ...values, access_instructions: event.currentTarget.value })}
          error={errors.access_instructions}
          size="md"
        />
        <Button type="submit" loading={busy} size="md" style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
