import { Button, Group, Menu, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { data, Form, useFetcher, useLoaderData, useNavigate } from 'react-router';
import {
  ACCOUNT_ROLE_FILTERS,
  ACCOUNT_STATUS_FILTERS,
  type AdminUsersQuery,
  adminUserIdParamsSchema,
  adminUsersQuerySchema,
} from '../../../common/schemas/admin.ts';
import { inviteUserSchema } from '../../../common/schemas/admin-users.ts';
import { type AdminAccount, accountStatusChangeSchema } from '../../../common/schemas/profile.ts';
import { changeAccountStatus, listAccountsForAdmin } from '../../../server/domains/admin/admin-service.ts';
import { inviteUser } from '../../../server/domains/admin/user-actions-service.ts';
import type { Viewer } from '../../../server/domains/auth/auth-service.ts';
import { AccountsTable } from '../../features/admin/accounts-table.tsx';
import { InviteForm } from '../../features/admin/invite-form.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { routeQuery } from '../../lib/route-query.ts';
import { ListPager } from '../../ui/list-pager.tsx';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/users';

/** /admin/users: find any account and put it under review, disable it or restore it. */

export function meta() {
  return [{ title: 'Users · Privy admin' }];
}

const DEFAULT_QUERY: AdminUsersQuery = { status: 'all', role: 'all', page: 1 };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const parsed = adminUsersQuerySchema.safeParse(routeQuery(request));
  const query = parsed.success ? parsed.data : DEFAULT_QUERY;
  const listed = await listAccountsForAdmin(context.get(servicesContext).db, query);
  return { ...listed, query, adminId: admin.userId };
}

const CHANGES = {
  review: { change: { is_active: false, is_deleted: false }, done: 'is under review' },
  disable: { change: { is_deleted: true }, done: 'is disabled' },
  restore: { change: { is_active: true, is_deleted: false }, done: 'is active again' },
} as const;
type ChangeName = keyof typeof CHANGES;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  if (form.get('intent') === 'invite') return invite(context, admin, form);
  const name = String(form.get('change') ?? '') as ChangeName;
  const id = adminUserIdParamsSchema.safeParse({ id: form.get('id') });
  const chosen = CHANGES[name];
  const change = chosen ? accountStatusChangeSchema.safeParse(chosen.change) : null;
  if (!change?.success || !id.success) {
    return data(
      { ok: false as const, message: 'Choose an account and what to do with it.' },
      { status: 400 },
    );
  }
  try {
    await changeAccountStatus(context.get(servicesContext), admin, id.data.id, change.data);
    const label = String(form.get('name') ?? 'The account').slice(0, 100);
    return { ok: true as const, message: `${label} ${chosen.done}.` };
  } catch (error) {
    const known = asAppError(error);
    if (known) return data({ ok: false as const, message: known.message }, { status: known.status });
    throw error;
  }
}

async function invite(context: Route.ActionArgs['context'], admin: Viewer, form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' && value.trim() ? value : undefined;
  };
  const parsed = inviteUserSchema.safeParse({
    email: text('email') ?? '',
    first_name: text('first_name'),
    last_name: text('last_name'),
    make_provider: form.get('make_provider') === 'true',
  });
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    return data(
      { ok: false as const, message: 'Please check the highlighted field.', fields },
      { status: 400 },
    );
  }
  try {
    await inviteUser(context.get(servicesContext), admin, parsed.data);
    return { ok: true as const, message: `We emailed ${parsed.data.email} a link to choose a password.` };
  } catch (error) {
    const known = asAppError(error);
    if (!known) throw error;
    const fields = Object.fromEntries((known.fields ?? []).map((f) => [f.field, f.message]));
    return data({ ok: false as const, message: known.message, fields }, { status: known.status });
  }
}

function AccountActions({ account, isSelf }: { account: AdminAccount; isSelf: boolean }) {
  const fetcher = useFetcher<typeof action>();
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) toast.success({ title: 'Done', message: fetcher.data.message });
    else toast.error({ title: 'Error', message: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  if (isSelf) {
    return (
      <Text size="xs" c="dimmed">
        Your account
      </Text>
    );
  }
  const submit = (change: ChangeName) =>
    fetcher.submit({ id: account.id, change, name: account.name }, { method: 'post' });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          rightSection={<IconChevronDown size={14} />}
          loading={fetcher.state !== 'idle'}
          aria-label={`Change ${account.name}'s account`}
        >
          Change
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {account.status !== 'active' && <Menu.Item onClick={() => submit('restore')}>Make active</Menu.Item>}
        {account.status !== 'under_review' && (
          <Menu.Item onClick={() => submit('review')}>Put under review</Menu.Item>
        )}
        {account.status !== 'disabled' && (
          <Menu.Item color="red" onClick={() => submit('disable')}>
            Disable
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

const STATUS_OPTIONS = ACCOUNT_STATUS_FILTERS.map((value) => ({
  value,
  label: { all: 'Any status', active: 'Active', under_review: 'Under review', disabled: 'Disabled' }[value],
}));
const ROLE_OPTIONS = ACCOUNT_ROLE_FILTERS.map((value) => ({
  value,
  label: { all: 'Any role', guest: 'Guests', host: 'Hosts', admin: 'Admins' }[value],
}));

function hrefFor(query: AdminUsersQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status !== 'all') params.set('status', query.status);
  if (query.role !== 'all') params.set('role', query.role);
  if (page > 1) params.set('page', String(page));
  return `/admin/users${params.size ? `?${params}` : ''}`;
}

export default function AdminUsers() {
  const { accounts, total, page, page_size, query, adminId } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const go = (next: Partial<AdminUsersQuery>) => navigate(hrefFor({ ...query, ...next, page: 1 }, 1));
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Users</Title>
        <Text c="dimmed">
          Every account, newest first. Putting one under review or disabling it blocks the person at once and
          shows them why.
        </Text>
      </div>
      <Form method="get" role="search">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            name="q"
            label="Search"
            placeholder="Name, email or phone"
            defaultValue={query.q ?? ''}
            leftSection={<IconSearch size={16} />}
            maxLength={100}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={query.status}
            onChange={(value) => go({ status: (value ?? 'all') as AdminUsersQuery['status'] })}
            allowDeselect={false}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={query.role}
            onChange={(value) => go({ role: (value ?? 'all') as AdminUsersQuery['role'] })}
            allowDeselect={false}
          />
          {query.status !== 'all' && <input type="hidden" name="status" value={query.status} />}
          {query.role !== 'all' && <input type="hidden" name="role" value={query.role} />}
          <Button type="submit" variant="light">
            Search
          </Button>
        </Group>
      </Form>
      <Paper withBorder radius="lg" p="lg">
        {accounts.length === 0 ? (
          <Text c="dimmed" data-testid="admin-users-empty">
            No account matches. Try fewer words, or set status and role back to “any”.
          </Text>
        ) : (
          <Stack gap="md">
            <AccountsTable
              accounts={accounts}
              testId="admin-users"
              actions={(account) => <AccountActions account={account} isSelf={account.id === adminId} />}
            />
            <ListPager page={page} pageSize={page_size} total={total} hrefFor={(n) => hrefFor(query, n)} />
          </Stack>
        )}
      </Paper>
      <InviteForm />
    </Stack>
  );
}
