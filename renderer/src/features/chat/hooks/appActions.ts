/** Shell actions the chat calls (toasts, navigation, model list), read from the store when called rather than bound early. */
import type { AppError } from '../../../../../shared/errors.ts';
import { useStore } from '../../../store/index.ts';
import type { Route } from '../../../store/uiSlice.ts';

/** Shows an error toast; `titleKey` is a namespaced i18n key such as `chat:toast.sendFailed`. */
export function notifyError(titleKey: string, error: AppError): void {
  useStore.getState().notifyError(titleKey, error);
}

/** Shows a view (settings, servers, a chat). */
export function navigate(route: Route): void {
  useStore.getState().navigate(route);
}

/** Reloads the model list from the host. */
export function loadModels(): void {
  void useStore.getState().loadModels();
}
