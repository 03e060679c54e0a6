import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { data, Link, useLoaderData } from 'react-router';
import { z } from 'zod';
import { reportParamsSchema, unpublishListingSchema } from '../../../common/schemas/listing-moderation.ts';
import { propertyIdParamsSchema } from '../../../common/schemas/properties.ts';
import {
  ListingBookings,
  ListingFacts,
  ListingHost,
  ListingPhotos,
  ListingReports,
} from '../../features/admin-listings/listing-detail.tsx';
import { ListingStateBadges } from '../../features/admin-listings/listing-state.tsx';
import {
  ModerationActions,
  type ModerationResult,
  useModerationFetcher,
} from '../../features/admin-listings/moderation-actions.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import type { Route } from './+types/property';

/** /admin/properties/:id (ADR 136): one listing, its reports, and what an admin may do with it. */

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.listing.title ?? 'Listing'} · Privy admin` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = propertyIdParamsSchema.safeParse({ id: params.id });
  if (!id.success) throw data('No such listing', { status: 404 });
  try {
    return await context.get(servicesContext).properties.moderation.detail(id.data.id);
  } catch (error) {
    if (asAppError(error)?.status === 404) throw data('No such listing', { status: 404 });
    throw error;
  }
}

const DONE: Record<string, string> = {
  unpublish: 'Unpublished. The host was told why, by notification and email.',
  republish: 'The hold is lifted; the host was told.',
  feature: 'Featured: it shows on the home page within a minute.',
  unfeature: 'No longer on the home page.',
  dismiss: 'Report dismissed.',
};

const intentSchema = z.enum(['unpublish', 'republish', 'feature', 'unfeature', 'dismiss']);

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const moderation = context.get(servicesContext).properties.moderation;
  const form = Object.fromEntries(await request.formData());
  const intent = intentSchema.safeParse(form.intent);
  const id = propertyIdParamsSchema.safeParse({ id: params.id });
  const fail = (message: string, status: number, field?: string) =>
    data<ModerationResult>({ ok: false, message, ...(field ? { field } : {}) }, { status });
  if (!intent.success || !id.success) return fail('That action is not known.', 400);
  try {
    if (intent.data === 'unpublish') {
      const input = unpublishListingSchema.safeParse({
        reason: form.reason,
        ...(form.report_id ? { report_id: form.report_id } : {}),
      });
      if (!input.success) {
        const issue = input.error.issues[0];
        return fail(issue?.message ?? 'Check the reason.', 400, String(issue?.path[0] ?? 'reason'));
      }
      await moderation.unpublish(admin.userId, id.data.id, input.data);
    } else if (intent.data === 'republish') {
      const { published } = await moderation.republish(admin.userId, id.data.id);
      if (!published) {
        return {
          ok: true,
          message: 'The hold is lifted. The listing lacks something to publish; its host was told.',
        };
      }
    } else if (intent.data === 'dismiss') {
      const report = reportParamsSchema.safeParse({ id: id.data.id, reportId: form.report_id });
      if (!report.success) return fail('Choose a report.', 400);
      await moderation.dismissReport(admin.userId, id.data.id, report.data.reportId);
    } else {
      await moderation.setFeatured(admin.userId, id.data.id, intent.data === 'feature');
    }
    return { ok: true, message: DONE[intent.data] ?? 'Done.' } satisfies ModerationResult;
  } catch (error) {
    const known = asAppError(error);
    if (known) return fail(known.message, known.status);
    throw error;
  }
}

export default function AdminProperty() {
  const detail = useLoaderData<typeof loader>();
  const { listing } = detail;
  const fetcher = useModerationFetcher();
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin/properties" size="sm">
        ← All properties
      </Anchor>
      {/* Actions sit at the left under the title: toasts appear at the top right (ADR 114). */}
      <Stack gap={6}>
        <Title order={1}>{listing.title}</Title>
        <Group gap="sm">
          <ListingStateBadges listing={listing} />
          <Text size="sm" c="dimmed">
            {[listing.city, listing.state_code].filter(Boolean).join(', ')}
          </Text>
        </Group>
      </Stack>
      <ModerationActions listing={listing} fetcher={fetcher} />
      {listing.held ? (
        <Alert color="red" variant="light" title="Unpublished by an admin" data-testid="hold-reason">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {listing.hold_reason}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Only an admin can publish it again. The host was told this reason.
          </Text>
        </Alert>
      ) : null}
      <ListingReports detail={detail} fetcher={fetcher} />
      <ListingPhotos listing={listing} />
      <ListingFacts listing={listing} />
      <ListingHost listing={listing} />
      <ListingBookings detail={detail} />
    </Stack>
  );
}
