import { Anchor, Avatar, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { data, Link, useFetcher, useLoaderData } from 'react-router';
import { adminUserIdParamsSchema } from '../../../common/schemas/admin.ts';
import {
  factorParamsSchema,
  type GeneratedLink,
  generateLinkSchema,
  rolesChangeSchema,
} from '../../../common/schemas/admin-users.ts';
import {
  changeRoles,
  deleteUser,
  generateUserLink,
  removeUserFactor,
  signOutEverywhere,
} from '../../../server/domains/admin/user-actions-service.ts';
import { getUserDetail } from '../../../server/domains/admin/user-detail-service.ts';
import { type UserAction, UserAdminActions } from '../../features/admin/user-admin-actions.tsx';
import {
  AuditSection,
  BookingsSection,
  ListingsAndReviewsSection,
  ProfileSection,
  SignInsSection,
} from '../../features/admin/user-detail-sections.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/user-detail';

/** /admin/users/:id (ADR 134): one account, and the auth admin functions, admins only (server-checked). */

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.detail.account.name ?? 'User'} · Privy admin` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const id = adminUserIdParamsSchema.safeParse({ id: params.id });
  if (!id.success) throw new Response('Not found', { status: 404 });
  try {
    const detail = await getUserDetail(context.get(servicesContext), id.data.id);
    return { detail, adminId: admin.userId };
  } catch (error) {
    if (asAppError(error)?.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

type ActionResult = { ok: true; message: string; link?: GeneratedLink } | { ok: false; message: string };

const bool = (value: FormDataEntryValue | null) => (value === null ? undefined : value === 'true');

async function perform(
  request: Request,
  context: Route.ActionArgs['context'],
  userId: string,
): Promise<ActionResult> {
  const admin = await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'roles') {
    const change = rolesChangeSchema.safeParse({
      is_admin: bool(form.get('is_admin')),
      is_provider: bool(form.get('is_provider')),
    });
    if (!change.success) return { ok: false, message: 'Choose a role to grant or remove.' };
    const roles = await changeRoles(services, admin, userId, change.data);
    return {
      ok: true,
      message: `Roles saved: ${roles.is_admin ? 'admin, ' : ''}${roles.is_provider ? 'host' : 'guest'}.`,
    };
  }
  if (intent === 'sign_out') {
    const { sessions_revoked } = await signOutEverywhere(services, admin, userId);
    return {
      ok: true,
      message: `Signed out everywhere (${sessions_revoked} session${sessions_revoked === 1 ? '' : 's'}).`,
    };
  }
  if (intent === 'link') {
    const type = generateLinkSchema.safeParse({ type: form.get('type') });
    if (!type.success) return { ok: false, message: 'Choose the kind of link.' };
    const link = await generateUserLink(services, admin, userId, type.data.type);
    return { ok: true, message: 'Link ready. Copy it now: it is shown only once.', link };
  }
  if (intent === 'remove_factor') {
    const params = factorParamsSchema.safeParse({ id: userId, factorId: form.get('factor_id') });
    if (!params.success) return { ok: false, message: 'Choose a factor to remove.' };
    await removeUserFactor(services, admin, userId, params.data.factorId);
    return { ok: true, message: 'Factor removed.' };
  }
  if (intent === 'delete') {
    await deleteUser(services, admin, userId);
    return { ok: true, message: 'Account deleted. Its email and phone can be used again.' };
  }
  return { ok: false, message: 'Choose what to do with this account.' };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = adminUserIdParamsSchema.safeParse({ id: params.id });
  if (!id.success) return data({ ok: false as const, message: 'There is no such account.' }, { status: 404 });
  try {
    return await perform(request, context, id.data.id);
  } catch (error) {
    const known = asAppError(error);
    if (known) return data({ ok: false as const, message: known.message }, { status: known.status });
    throw error;
  }
}

export default function AdminUserDetail() {
  const { detail, adminId } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const [link, setLink] = useState<GeneratedLink | null>(null);
  const { account } = detail;
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    const result = fetcher.data as ActionResult;
    if (result.ok) {
      toast.success({ title: 'Done', message: result.message });
      if (result.link) setLink(result.link);
    } else toast.error({ title: 'Not done', message: result.message });
  }, [fetcher.state, fetcher.data]);
  const run = (chosen: UserAction) => {
    const { intent, ...rest } = chosen;
    const body: Record<string, string> = { intent };
    for (const [key, value] of Object.entries(rest)) body[key] = String(value);
    fetcher.submit(body, { method: 'post' });
  };
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin/users" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> All users
        </Group>
      </Anchor>
      <Group gap="md" wrap="nowrap">
        <Avatar src={account.profile_picture_url} alt={account.name} size="lg" radius="xl" color="teal">
          {account.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
            {account.name}
          </Title>
          <Text c="dimmed" size="sm">
            {account.id}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <ProfileSection account={account} />
          <UserAdminActions
            detail={detail}
            isSelf={account.id === adminId}
            busy={fetcher.state !== 'idle'}
            link={link}
            run={run}
          />
        </Stack>
        <Stack gap="md">
          <BookingsSection bookings={detail.bookings} />
          <ListingsAndReviewsSection detail={detail} />
          <SignInsSection detail={detail} />
          <AuditSection entries={detail.audit} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
