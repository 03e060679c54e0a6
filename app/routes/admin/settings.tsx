import { Stack, Text, Title } from '@mantine/core';
import { data, useLoaderData } from 'react-router';
import { updateSettingsSchema } from '../../../common/schemas/settings.ts';
import { SECTIONS, sectionInput } from '../../features/admin-settings/setting-fields.ts';
import { SettingsHistory } from '../../features/admin-settings/settings-history.tsx';
import {
  type SaveResult,
  SettingsSectionForm,
} from '../../features/admin-settings/settings-section-form.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import type { Route } from './+types/settings';

/**
 * /admin/settings (ADR 131, 140): the marketplace's settings in four sections, each saved on its
 * own, and the history of changes from the audit log. Admins only, checked on the server.
 */

const HISTORY_LENGTH = 20;

export function meta() {
  return [{ title: 'Settings · Privy admin' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const [settings, history] = await Promise.all([
    services.settings.get(),
    services.audit.list({ action: 'settings.updated' }, HISTORY_LENGTH),
  ]);
  return { settings, defaults: services.settings.defaults, history: history.entries };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { section, input } = sectionInput(await request.formData());
  const refused = (status: number, message: string, fields: Record<string, string>) =>
    data<SaveResult>({ ok: false, section, message, fields }, { status });
  if (!section) return refused(400, 'Choose a section to save.', {});
  const parsed = updateSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return refused(400, 'Please check the highlighted fields.', fields);
  }
  try {
    const settings = await context.get(servicesContext).settings.update(admin.userId, parsed.data);
    const message =
      section === 'money'
        ? `Commission ${settings.commissionPercent}% for new bookings.`
        : 'Privy uses the new settings from now on.';
    return data<SaveResult>({ ok: true, section, message });
  } catch (error) {
    const known = asAppError(error);
    if (!known) throw error;
    const fields = Object.fromEntries((known.fields ?? []).map((field) => [field.field, field.message]));
    return refused(known.status, known.message, fields);
  }
}

export default function AdminSettingsPage() {
  const { settings, defaults, history } = useLoaderData<typeof loader>();
  const updatedAt = settings.updatedAt ? new Date(settings.updatedAt) : null;
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed">
          How Privy runs: money, booking rules, email and features. Each section saves on its own and takes
          effect at once on every server.
        </Text>
        <Text size="sm" c="dimmed" mt={4} data-testid="settings-updated">
          {updatedAt
            ? `Last changed ${updatedAt.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`
            : 'Privy’s defaults: no admin has changed these yet.'}
        </Text>
      </div>
      {SECTIONS.map((section) => (
        // The fields keep what the admin typed: after a save, the values now in force.
        <SettingsSectionForm key={section.id} section={section} values={settings} defaults={defaults} />
      ))}
      <SettingsHistory entries={history} />
    </Stack>
  );
}
