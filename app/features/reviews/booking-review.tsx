import { Alert, Button, Card, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  REVIEW_CATEGORIES,
  REVIEW_CATEGORY_LABELS,
  REVIEW_TEXT_MAX_LENGTH,
} from '../../../common/reviews.ts';
import type { BookingReviews, OwnReview } from '../../../common/schemas/reviews.ts';
import { ApiError } from '../../lib/api-error.ts';
import { apiJson } from '../../lib/api-fetch.ts';
import { Stars } from './stars.tsx';

/**
 * The review part of /bookings/{id} (ADR 124): the form for the viewer's side while the window is
 * open, the viewer's own review (editable until published), and the other side's once published.
 * It loads itself, so the booking page mounts it with one line; it shows nothing for bookings that
 * cannot be reviewed and have no reviews.
 */

const closes = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
type Draft = { rating: number; cleanliness: number; accuracy: number; communication: number; text: string };

function draftFrom(review: OwnReview | null): Draft {
  return {
    rating: review?.rating ?? 0,
    cleanliness: review?.cleanliness ?? 0,
    accuracy: review?.accuracy ?? 0,
    communication: review?.communication ?? 0,
    text: (review?.side === 'host' ? review.privateNote : review?.comment) ?? '',
  };
}

function StarField(props: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  const id = `stars-${props.label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap={2} data-testid={id}>
      <Text id={id} size="sm" fw={500}>
        {props.label}
      </Text>
      <Rating
        value={props.value}
        onChange={props.onChange}
        size="lg"
        role="radiogroup"
        aria-labelledby={id}
        getSymbolLabel={(value) => (value === 1 ? '1 star' : `${value} stars`)}
      />
      {props.error && (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}

function Published({ review, title }: { review: OwnReview; title: string }) {
  return (
    <Stack gap={4} data-testid={`review-${review.side}`}>
      <Text fw={600}>{title}</Text>
      <Stars value={review.rating} />
      {review.comment && <Text style={{ whiteSpace: 'pre-line' }}>{review.comment}</Text>}
      {review.privateNote && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          Private note: {review.privateNote}
        </Text>
      )}
      {review.reply && (
        <Text size="sm" c="dimmed">
          Host's reply: {review.reply}
        </Text>
      )}
      {review.hiddenAt && (
        <Text size="sm" c="red">
          Hidden by Privy: {review.hiddenReason}
        </Text>
      )}
    </Stack>
  );
}

export function BookingReview({ bookingId }: { bookingId: string }) {
  const [state, setState] = useState<BookingReviews | null>(null);
  const [draft, setDraft] = useState<Draft>(draftFrom(null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    apiJson<BookingReviews>('GET', `/api/reviews/bookings/${bookingId}`, undefined, {
      signal: controller.signal,
    })
      .then((answer) => {
        setState(answer);
        setDraft(draftFrom(answer.mine));
        // A notice or /manage/reviews links here with #review; the card only exists once loaded.
        if (window.location.hash === '#review')
          requestAnimationFrame(() => document.getElementById('review')?.scrollIntoView({ block: 'start' }));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [bookingId]);

  if (!state || (!state.canWrite && !state.mine && !state.theirs)) return null;
  const guest = state.side === 'guest';
  const published = Boolean(state.mine?.publishedAt);
  const otherTitle = guest
    ? "Your host's review of you"
    : state.side === 'host'
      ? "The guest's review"
      : 'Review';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    for (const key of guest ? (['rating', ...REVIEW_CATEGORIES] as const) : (['rating'] as const))
      if (!draft[key]) missing[key] = 'Choose 1 to 5 stars.';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setMessage(null);
    const text = draft.text.trim();
    const body = guest
      ? {
          rating: draft.rating,
          cleanliness: draft.cleanliness,
          accuracy: draft.accuracy,
          communication: draft.communication,
          ...(text ? { comment: text } : {}),
        }
      : { rating: draft.rating, ...(text ? { privateNote: text } : {}) };
    try {
      const answer = await apiJson<BookingReviews>('PUT', `/api/reviews/bookings/${bookingId}`, body);
      setState(answer);
      setMessage({
        ok: true,
        text: answer.mine?.publishedAt
          ? 'Thank you! Both reviews are now published.'
          : 'Saved. Your review shows once the other side has written theirs, or when the window closes.',
      });
    } catch (error) {
      const known = error instanceof ApiError ? error : null;
      setErrors(Object.fromEntries((known?.fields ?? []).map((field) => [field.field, field.message])));
      setMessage({ ok: false, text: known?.message ?? 'Your review could not be saved. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder radius="md" p="md" id="review" data-testid="booking-review">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {guest ? 'Review this bathroom' : state.side === 'host' ? 'Review your guest' : 'Reviews'}
        </Title>
        {message && (
          <Alert
            color={message.ok ? 'teal' : 'red'}
            role={message.ok ? 'status' : 'alert'}
            data-testid="review-message"
          >
            {message.text}
          </Alert>
        )}
        {state.canWrite && !published ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {guest
                  ? 'Your review stays hidden until your host has reviewed you too, so neither of you can answer the other.'
                  : 'Your rating stays hidden until the guest has reviewed too. Only the guest sees your note.'}
                {state.closesAt &&
                  ` You can write or edit it until ${closes.format(new Date(state.closesAt))}.`}
              </Text>
              <StarField
                label={guest ? 'Overall' : 'How was this guest?'}
                value={draft.rating}
                onChange={(rating) => setDraft({ ...draft, rating })}
                {...(errors.rating ? { error: errors.rating } : {})}
              />
              {guest && (
                <Group gap="lg" wrap="wrap">
                  {REVIEW_CATEGORIES.map((key) => (
                    <StarField
                      key={key}
                      label={REVIEW_CATEGORY_LABELS[key]}
                      value={draft[key]}
                      onChange={(value) => setDraft({ ...draft, [key]: value })}
                      {...(errors[key] ? { error: errors[key] } : {})}
                    />
                  ))}
                </Group>
              )}
              <Textarea
                label={guest ? 'Comment (optional)' : 'Private note to the guest (optional)'}
                value={draft.text}
                onChange={(event) => setDraft({ ...draft, text: event.currentTarget.value })}
                maxLength={REVIEW_TEXT_MAX_LENGTH}
                autosize
                minRows={3}
                description={`${draft.text.length.toLocaleString('en-US')} / ${REVIEW_TEXT_MAX_LENGTH.toLocaleString('en-US')}`}
                error={errors.comment ?? errors.privateNote}
              />
              <Group>
                <Button type="submit" loading={busy}>
                  {state.mine ? 'Save changes' : 'Submit review'}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          state.reason && !state.mine && <Text c="dimmed">{state.reason}</Text>
        )}
        {state.mine && (published || !state.canWrite) && (
          <Published
            review={state.mine}
            title={state.side === 'host' ? 'Your review of the guest' : 'Your review'}
          />
        )}
        {state.theirs ? (
          <Published review={state.theirs} title={otherTitle} />
        ) : (
          state.side &&
          state.mine &&
          !published && (
            <Text size="sm" c="dimmed" data-testid="review-waiting">
              {state.theirsWritten
                ? 'The other side has written theirs too; both publish together.'
                : guest
                  ? 'Waiting for your host to review you.'
                  : 'Waiting for the guest to review.'}
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}
