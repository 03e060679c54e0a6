import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import type { SettingValues } from '../../../common/schemas/settings.ts';
import { toast } from '../../ui/toasts.tsx';
import {
  CLEANING_BUFFER_OPTIONS,
  FIELD_META,
  formatSetting,
  type SECTIONS,
  type SettingField,
} from './setting-fields.ts';

/** What the page's action answers a section's Save with. */
export type SaveResult =
  | { ok: true; section: string; message: string }
  | { ok: false; section: string | null; message: string; fields: Record<string, string> };

type Section = (typeof SECTIONS)[number];

/** Narrows the box only: the label and help text keep the section's width. */
const narrow = (width: number) => ({ wrapper: { maxWidth: width } });

function Field(props: { field: SettingField; value: unknown; fallback: unknown; error: string | undefined }) {
  const { field, value, fallback, error } = props;
  const meta = FIELD_META[field];
  const description = (
    <>
      {meta.help}{' '}
      <Text span size="xs" c="dimmed" fw={600} data-testid={`default-${field}`}>
        Default: {formatSetting(field, fallback)}.
      </Text>
    </>
  );
  const common = { name: field, label: meta.label, description, error, 'data-testid': `setting-${field}` };
  switch (meta.kind) {
    case 'switch':
      return <Switch {...common} defaultChecked={value === true} size="md" />;
    case 'buffer':
      return (
        <Select
          {...common}
          data={CLEANING_BUFFER_OPTIONS}
          defaultValue={String(value)}
          allowDeselect={false}
          styles={narrow(260)}
        />
      );
    case 'text':
    case 'email':
      return (
        <TextInput
          {...common}
          defaultValue={String(value)}
          styles={narrow(420)}
          autoComplete="off"
          {...(meta.kind === 'email' ? { inputMode: 'email' as const } : {})}
        />
      );
    default:
      return (
        <NumberInput
          {...common}
          defaultValue={Number(value)}
          min={meta.min}
          max={meta.max}
          step={meta.step}
          clampBehavior="none"
          allowNegative={false}
          decimalScale={meta.kind === 'percent' ? 2 : 0}
          suffix={meta.kind === 'percent' ? '%' : ' min'}
          styles={narrow(220)}
        />
      );
  }
}

/** One section of /admin/settings: its fields, each with help and default, and its own Save. */
export function SettingsSectionForm(props: {
  section: Section;
  values: SettingValues;
  defaults: SettingValues;
}) {
  const { section, values, defaults } = props;
  const fetcher = useFetcher<SaveResult>();
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result) return;
    if (result.ok) toast.success({ title: `${section.title} saved`, message: result.message });
    else toast.error({ title: `${section.title} not saved`, message: result.message });
  }, [fetcher.state, result, section.title]);
  const errors = result && !result.ok ? result.fields : {};
  const titleId = `settings-${section.id}-title`;
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <fetcher.Form method="post" data-testid={`settings-${section.id}`} noValidate>
        <input type="hidden" name="section" value={section.id} />
        <Stack gap="md">
          <div>
            <Title order={2} fz="h4" id={titleId}>
              {section.title}
            </Title>
            <Text size="sm" c="dimmed">
              {section.description}
            </Text>
          </div>
          {(section.fields as readonly SettingField[]).map((field) => (
            <Field
              key={field}
              field={field}
              value={values[field]}
              fallback={defaults[field]}
              error={errors[field]}
            />
          ))}
          <Group justify="flex-end">
            <Button type="submit" loading={fetcher.state !== 'idle'} data-testid={`save-${section.id}`}>
              Save {section.title.toLowerCase()}
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Card>
  );
}
