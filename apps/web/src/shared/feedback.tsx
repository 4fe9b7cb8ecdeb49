import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { App } from 'antd';

/** antd's toast and confirm APIs, as `App.useApp()` gives them. */
export type AntFeedback = Pick<ReturnType<typeof App.useApp>, 'message' | 'modal'>;

type Later<F> = F extends (...args: infer A) => unknown ? (...args: A) => void : never;
type Message = AntFeedback['message'];

/**
 * Toasts (top-centre, 3 s) and confirmation dialogs with antd's signatures. Calls return nothing:
 * the first one loads antd's message and modal machinery, later ones run in the order they came.
 */
export interface Feedback {
  message: { [K in 'success' | 'error' | 'info' | 'warning' | 'destroy']: Later<Message[K]> };
  modal: { confirm: Later<AntFeedback['modal']['confirm']> };
}

const FeedbackContext = createContext<Feedback | null>(null);

/**
 * Provides `useFeedback()`. Most visits never show a toast or a confirmation, so antd's App (its
 * message, notification and modal hooks, and the form machinery Modal brings) is not part of the
 * first download: the holder mounts here, inside the theme and locale, when first needed.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [holder, setHolder] = useState<ReactNode>(null);
  const feedback = useMemo<Feedback>(() => {
    let ready: Promise<AntFeedback> | null = null;
    const load = () =>
      (ready ??= import('./feedback-holder').then(
        ({ FeedbackHolder }) => new Promise<AntFeedback>((resolve) => setHolder(<FeedbackHolder onReady={resolve} />)),
      ));
    const later =
      <A extends unknown[]>(run: (api: AntFeedback, ...args: A) => unknown) =>
      (...args: A) => {
        load().then(
          (api) => run(api, ...args),
          (err: unknown) => {
            // The chunk did not load (network, new deployment): nothing can be shown; the next call retries.
            ready = null;
            console.error('feedback: antd message and modal could not be loaded', err);
          },
        );
      };
    return {
      message: {
        success: later((api, ...args: Parameters<Message['success']>) => api.message.success(...args)),
        error: later((api, ...args: Parameters<Message['error']>) => api.message.error(...args)),
        info: later((api, ...args: Parameters<Message['info']>) => api.message.info(...args)),
        warning: later((api, ...args: Parameters<Message['warning']>) => api.message.warning(...args)),
        destroy: later((api, ...args: Parameters<Message['destroy']>) => api.message.destroy(...args)),
      },
      modal: { confirm: later((api, ...args: Parameters<AntFeedback['modal']['confirm']>) => api.modal.confirm(...args)) },
    };
  }, []);
  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      {holder}
    </FeedbackContext.Provider>
  );
}

/** Toasts and confirmations (in place of antd's `App.useApp()`). */
export function useFeedback(): Feedback {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback outside FeedbackProvider');
  return value;
}

/**
 * For a confirm whose action reports its own failure (the mutation's onError shows the refusal):
 * the confirm closes and the rejection is settled here instead of reaching the console unhandled.
 */
export const ignoreShown = (): void => undefined;
