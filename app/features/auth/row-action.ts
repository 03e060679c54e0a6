import { type RefObject, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '../../ui/toasts.tsx';
import { useAskForProofOn } from './confirm-its-you.tsx';
import { formErrorOf } from './form-error.ts';

export type RowAction = {
  fetcher: ReturnType<typeof useFetcher>;
  /** Set by a row as it submits: the name its toast gives the thing (a device, a passkey). */
  rowLabel: RefObject<string>;
  /** Whether the row whose `field` is `id` is the one on its way. */
  busy: (field: string, id: string) => boolean;
};

/**
 * One fetcher for a card's per-row buttons (Unlink, Delete, Sign out), heard by the card. A row
 * whose action succeeds is gone once the page revalidates, often in the same render as the answer,
 * so a toast left to the row itself could be lost with it.
 */
export function useRowAction(success: (label: string) => { title: string; message: string }): RowAction {
  const fetcher = useFetcher();
  const rowLabel = useRef('');
  const describe = useRef(success);
  describe.current = success;
  useAskForProofOn(fetcher.data);
  useEffect(() => {
    const error = formErrorOf(fetcher.data);
    if (error) toast.error({ title: 'Nothing changed', message: error.message });
    else if (fetcher.data) toast.success(describe.current(rowLabel.current));
  }, [fetcher.data]);
  return {
    fetcher,
    rowLabel,
    busy: (field, id) => fetcher.state !== 'idle' && fetcher.formData?.get(field) === id,
  };
}
