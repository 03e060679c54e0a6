import type { PropertyView } from '../../../common/schemas/properties.ts';
import { toast } from '../../ui/toasts.tsx';
import { errorMessage, fieldErrors } from './api.ts';

/**
 * Runs a save, hands the new view on, and returns field errors (for the form) on failure.
 * Every failure also says what happened in a toast.
 */
export async function saveListing(
  action: () => Promise<PropertyView>,
  onSaved: (view: PropertyView) => void,
  successMessage?: string,
): Promise<Record<string, string> | undefined> {
  try {
    const view = await action();
    onSaved(view);
    if (successMessage) toast.success({ title: 'Saved', message: successMessage });
    return undefined;
  } catch (caught) {
    toast.error({
      title: 'Not saved',
      message: errorMessage(caught, 'Please check your connection and try again.'),
    });
    return fieldErrors(caught);
  }
}
