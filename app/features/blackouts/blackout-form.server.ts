import type { RouterContextProvider } from 'react-router';
import { blackoutIdParamsSchema, createBlackoutSchema } from '../../../common/schemas/blackouts.ts';
import { zonedToUtc } from '../../../server/domains/availability/zoned-time.ts';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireHost } from '../listings/guards.server.ts';
import type { BlackoutActionData } from './blackout-types.ts';

/**
 * The one action behind /blackout and /manage/blackout-dates (ADR 094). `intent=save` without
 * `confirm` writes the blackout when no live booking is inside it; otherwise it answers with the
 * bookings to show, and the dialog's confirm posts the same instants again with `confirm=yes`.
 */

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** 'YYYY-MM-DDTHH:MM' on the bathroom's wall clock → the instant, or null. */
function localToIso(value: string, timezone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const instant = zonedToUtc(match[1] as string, Number(match[2]) * 60 + Number(match[3]), timezone);
  return instant ? instant.toISOString() : null;
}

/** The range the form asks for: the dialog's instants, "the next N hours", or the two local inputs. */
function rangeOf(
  form: FormData,
  timezone: string,
): { startsAt: string; endsAt: string } | BlackoutActionData {
  const startsAt = text(form, 'startsAt');
  const endsAt = text(form, 'endsAt');
  if (startsAt && endsAt) return { startsAt, endsAt };
  const hours = Number(text(form, 'hours'));
  if (text(form, 'hours')) {
    if (!Number.isInteger(hours) || hours < 1 || hours > 72) {
      return { kind: 'error', field: 'hours', message: 'Choose between 1 and 72 hours.' };
    }
    const now = Date.now();
    return { startsAt: new Date(now).toISOString(), endsAt: new Date(now + hours * 3_600_000).toISOString() };
  }
  const start = localToIso(text(form, 'start'), timezone);
  if (!start) return { kind: 'error', field: 'start', message: 'Give the start as a date and time.' };
  const end = localToIso(text(form, 'end'), timezone);
  if (!end) return { kind: 'error', field: 'end', message: 'Give the end as a date and time.' };
  return { startsAt: start, endsAt: end };
}

export async function blackoutAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<BlackoutActionData> {
  const { actor } = await requireHost(request, context);
  const services = context.get(servicesContext);
  const form = await request.formData();
  try {
    if (text(form, 'intent') === 'remove') {
      const id = blackoutIdParamsSchema.safeParse({ id: text(form, 'blackoutId') });
      if (!id.success) return { kind: 'error', message: 'Choose a blackout to remove.' };
      await services.blackouts.remove(actor, id.data.id);
      return { kind: 'removed' };
    }
    const bathroomId = text(form, 'bathroomId');
    if (!blackoutIdParamsSchema.safeParse({ id: bathroomId }).success) {
      return { kind: 'error', field: 'bathroomId', message: 'Choose a bathroom.' };
    }
    // Also checks the bathroom is the actor's, before its zone is used for anything.
    const { bathroom } = await services.blackouts.list(actor, bathroomId);
    const range = rangeOf(form, bathroom.timezone);
    if ('kind' in range) return range;
    const reason = text(form, 'reason');
    const input = { bathroomId, ...range, reason };
    const parsed = createBlackoutSchema.safeParse({ ...input, confirm: text(form, 'confirm') === 'yes' });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        kind: 'error',
        message: issue?.message ?? 'Check the form.',
        field: String(issue?.path[0] ?? ''),
      };
    }
    const outcome = await services.blackouts.create(actor, parsed.data);
    if ('needsConfirm' in outcome) {
      return { kind: 'confirm', bookings: outcome.needsConfirm, timezone: bathroom.timezone, input };
    }
    return { kind: 'saved', ...outcome, timezone: bathroom.timezone };
  } catch (error) {
    const known = asAppError(error);
    if (known && known.status < 500) {
      return {
        kind: 'error',
        message: known.message,
        ...(known.fields?.[0] ? { field: known.fields[0].field } : {}),
      };
    }
    throw error;
  }
}
