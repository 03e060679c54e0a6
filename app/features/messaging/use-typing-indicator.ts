import { useCallback, useEffect, useRef, useState } from 'react';
import { TYPING_CLEAR_MS } from '../../../common/schemas/messages.ts';

/**
 * "Paula is typing…": shown on the other party's typing event, hidden TYPING_CLEAR_MS after the
 * last one or as soon as their message arrives.
 */
export function useTypingIndicator() {
  const [typingName, setTypingName] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setTypingName(null);
  }, []);
  const typing = useCallback((firstName: string) => {
    clearTimeout(timer.current);
    setTypingName(firstName);
    timer.current = setTimeout(() => setTypingName(null), TYPING_CLEAR_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { typingName, typing, clear };
}
