import i18next from 'i18next';
import { LANGS, type Lang } from '@portal/contracts/i18n';

/** What a sub-system module brings: its own settings and language files. */
export interface SubsystemModule {
  settings: Record<string, unknown>;
  messages: Partial<Record<Lang, Record<string, unknown>>>;
}
export type SubsystemLoader = () => Promise<SubsystemModule>;

/** Sub-systems by menu system_code; each loads on demand the first time one of its menus opens. */
export const SUBSYSTEMS: Record<string, SubsystemLoader> = {
  portal: () => import('./subsystems/portal').then((m) => m.portalSubsystem),
};

/** How long a sub-system chunk may take (120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

const loaded = new Map<string, Promise<SubsystemModule | null>>();

/** The i18next namespace of a sub-system's texts. */
export const subsystemNamespace = (code: string) => `sys-${code}`;

interface LoadDeps {
  registry?: Record<string, SubsystemLoader>;
  timeoutMs?: number;
  log?: (message: string, error: unknown) => void;
}

/**
 * Loads a sub-system once and registers its texts. A failed or slow load is logged and skipped
 * (null): the shell works on without it.
 */
export function loadSubsystem(code: string, deps: LoadDeps = {}): Promise<SubsystemModule | null> {
  const registry = deps.registry ?? SUBSYSTEMS;
  const loader = registry[code];
  if (!loader) return Promise.resolve(null);
  const cached = loaded.get(code);
  if (cached) return cached;
  const log = deps.log ?? ((message, error) => console.error(message, error));
  const timeoutMs = deps.timeoutMs ?? CHUNK_TIMEOUT_MS;
  const attempt = new Promise<SubsystemModule>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`loading timed out after ${timeoutMs} ms`)), timeoutMs);
    loader().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  })
    .then((module) => {
      for (const lang of LANGS) {
        const bundle = module.messages[lang];
        if (bundle) i18next.addResourceBundle(lang, subsystemNamespace(code), bundle, true, true);
      }
      return module;
    })
    .catch((error: unknown) => {
      log(`sub-system "${code}" could not be loaded; skipped`, error);
      return null;
    });
  loaded.set(code, attempt);
  return attempt;
}

/** Forgets loaded sub-systems (tests). */
export function resetSubsystems(): void {
  loaded.clear();
}
