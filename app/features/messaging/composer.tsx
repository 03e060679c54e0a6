import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { MESSAGE_MAX_LENGTH, TYPING_THROTTLE_MS } from '../../../common/schemas/messages.ts';
import classes from './messaging.module.css';
import { useOnline } from './use-online.ts';

/** The count shows from here on: room enough to finish a sentence before the limit. */
export const LENGTH_WARNING_FROM = MESSAGE_MAX_LENGTH - 200;

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line (a phone's return key adds a line
 * too, the Send button sends). While the browser says it is offline nothing can be sent, and the
 * note says why. `onTyping` is called at most every TYPING_THROTTLE_MS while typing.
 */
export function Composer({
  onSend,
  onTyping,
  placeholder,
}: {
  onSend: (content: string) => void;
  onTyping: () => void;
  placeholder: string;
}) {
  const [draft, setDraft] = useState('');
  const lastTyping = useRef(0);
  const online = useOnline();
  const content = draft.trim();
  const canSend = online && content.length > 0 && content.length <= MESSAGE_MAX_LENGTH;

  function send() {
    if (!canSend) return;
    onSend(content);
    setDraft('');
    lastTyping.current = 0;
  }

  return (
    <Stack gap={6} className={classes.composer} data-testid="composer">
      {!online && (
        <Text size="sm" c="orange.9" role="status" data-testid="offline-note">
          You are offline. Your message will stay here; send it once you are back online.
        </Text>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-label="Message"
          placeholder={placeholder}
          value={draft}
          maxLength={MESSAGE_MAX_LENGTH}
          autosize
          minRows={1}
          maxRows={5}
          size="md"
          style={{ flex: 1 }}
          disabled={!online}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            const now = Date.now();
            if (event.currentTarget.value.trim() && now - lastTyping.current >= TYPING_THROTTLE_MS) {
              lastTyping.current = now;
              onTyping();
            }
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            send();
          }}
        />
        <Button size="md" h={44} onClick={send} disabled={!canSend}>
          Send
        </Button>
      </Group>
      {draft.length >= LENGTH_WARNING_FROM && (
        <Text
          size="xs"
          c={draft.length >= MESSAGE_MAX_LENGTH ? 'red.8' : 'dimmed'}
          data-testid="length-count"
          aria-live="polite"
        >
          {draft.length.toLocaleString('en-US')} / {MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters
        </Text>
      )}
    </Stack>
  );
}
