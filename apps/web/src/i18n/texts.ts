/**
 * The app's translations: the part of i18next the app uses, in about 2 KB instead of 25 KB
 * (compressed) on every first visit. The build and the type check resolve `i18next` to this module
 * (vite.config.ts `resolve.alias`, tsconfig.json `paths`), so the pages keep importing as they
 * would from i18next, and a call this module does not offer fails the type check.
 *
 * What it does as i18next does: namespaces read through a backend (`use`), keys as "a.b.c" or
 * "ns:a.b.c", `{{name}}` replaced by the option of that name (no escaping; an unknown name stays
 * as written), objects and arrays returned as they are stored with their strings interpolated, a
 * plural form `key_one`/`key_other` (by the language's plural rules) chosen by `count` when it
 * exists, and the key itself for a missing text (or `defaultValue`).
 */

export type Tree = { [key: string]: unknown };

export interface TOptions {
  /** The namespace to read from instead of the caller's. */
  ns?: string;
  /** What a missing key gives instead of the key. */
  defaultValue?: string;
  /** Chooses a plural form and fills `{{count}}`. */
  count?: number;
  /** Accepted for i18next's signature; objects and arrays always come back as stored. */
  returnObjects?: boolean;
  [name: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions | string): string;
}

export interface BackendModule {
  type: 'backend';
  init?: () => void;
  read(lang: string, ns: string, done: (err: Error | null, data: Tree | null) => void): void;
}

interface InitOptions {
  lng: string;
  ns?: string[];
  defaultNS?: string;
  /** Texts given at once (tests): language, then namespace. */
  resources?: Record<string, Record<string, Tree>>;
  [other: string]: unknown;
}

/** Anything `use` takes: a backend is kept, others (react-i18next's module) need nothing. */
type Module = BackendModule | { type: string };

const lookup = (tree: unknown, path: string): unknown => {
  let node = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return node;
};

const interpolate = (text: string, options: TOptions | undefined): string =>
  options
    ? text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) => {
        const value = lookup(options, name);
        return value === undefined || value === null ? whole : String(value);
      })
    : text;

const interpolateAll = (value: unknown, options: TOptions | undefined): unknown => {
  if (typeof value === 'string') return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, options));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, options)]));
  return value;
};

export class Texts {
  language = '';
  options: { defaultNS: string } = { defaultNS: 'common' };
  private store: Record<string, Record<string, Tree>> = {};
  private loading = new Map<string, Promise<void>>();
  private backend: BackendModule | null = null;
  private listeners = new Set<() => void>();
  private version = 0;

  use(module: Module): this {
    if (module.type === 'backend') this.backend = module as BackendModule;
    return this;
  }

  async init(options: InitOptions): Promise<TFunction> {
    this.language = options.lng;
    if (options.defaultNS) this.options = { defaultNS: options.defaultNS };
    for (const [lang, namespaces] of Object.entries(options.resources ?? {}))
      for (const [ns, tree] of Object.entries(namespaces)) this.addResourceBundle(lang, ns, tree, true, true);
    await this.loadNamespaces(options.ns ?? [this.options.defaultNS]);
    this.changed();
    return this.t;
  }

  /** Whether `ns` has arrived in the current language. */
  hasLoadedNamespace(ns: string): boolean {
    return this.store[this.language]?.[ns] !== undefined;
  }

  /** Reads the namespaces the current language lacks (each once, however often asked). */
  loadNamespaces(namespaces: string | string[]): Promise<void> {
    const lang = this.language;
    const wanted = (Array.isArray(namespaces) ? namespaces : [namespaces]).filter((ns) => this.store[lang]?.[ns] === undefined);
    return Promise.all(wanted.map((ns) => this.read(lang, ns))).then(() => undefined);
  }

  private read(lang: string, ns: string): Promise<void> {
    const id = `${lang}|${ns}`;
    let pending = this.loading.get(id);
    if (!pending) {
      const backend = this.backend;
      pending = new Promise<void>((resolve, reject) => {
        // Without a backend every text was given at start: a namespace not given is empty.
        if (!backend) return resolve(this.addResourceBundle(lang, ns, {}));
        backend.read(lang, ns, (err, data) => (err ? reject(err) : resolve(this.addResourceBundle(lang, ns, data ?? {}, true, true))));
      });
      // A failed read may be tried again.
      pending.catch(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  /** Switches language, with the namespaces the current one had. */
  async changeLanguage(lang: string): Promise<TFunction> {
    const namespaces = Object.keys(this.store[this.language] ?? {});
    this.language = lang;
    await this.loadNamespaces(namespaces);
    this.changed();
    return this.t;
  }

  addResourceBundle(lang: string, ns: string, tree: Tree, deep = false, overwrite = false): void {
    const byLang = (this.store[lang] ??= {});
    const merge = (into: Tree, from: Tree): Tree => {
      const out: Tree = { ...into };
      for (const [key, value] of Object.entries(from)) {
        const old = out[key];
        if (deep && old && value && typeof old === 'object' && typeof value === 'object' && !Array.isArray(value))
          out[key] = merge(old as Tree, value as Tree);
        else if (overwrite || old === undefined) out[key] = value;
      }
      return out;
    };
    byLang[ns] = merge(byLang[ns] ?? {}, tree);
  }

  getResource(lang: string, ns: string, key: string): unknown {
    return lookup(this.store[lang]?.[ns], key);
  }

  exists(key: string, options?: { ns?: string }): boolean {
    return this.find(key, options?.ns ? [options.ns] : [this.options.defaultNS], undefined) !== undefined;
  }

  /** The stored value of `key` (with "ns:" or in the first of `namespaces` that has it). */
  private find(key: string, namespaces: string[], count: number | undefined): unknown {
    const colon = key.indexOf(':');
    const [list, path] = colon > 0 ? [[key.slice(0, colon)], key.slice(colon + 1)] : [namespaces, key];
    for (const ns of list) {
      const tree = this.store[this.language]?.[ns];
      if (count !== undefined) {
        const forms = [...(count === 0 ? [`${path}_zero`] : []), `${path}_${new Intl.PluralRules(this.language).select(count)}`];
        for (const form of forms) {
          const found = lookup(tree, form);
          if (found !== undefined) return found;
        }
      }
      const found = lookup(tree, path);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** A `t` reading from `namespaces` in order (the default namespace unless told). */
  getFixedT(_lang: string | null, namespaces?: string | string[]): TFunction {
    const list = namespaces === undefined ? [this.options.defaultNS] : Array.isArray(namespaces) ? namespaces : [namespaces];
    return ((key: string, given?: TOptions | string) => {
      const options = typeof given === 'string' ? { defaultValue: given } : given;
      const found = this.find(key, options?.ns ? [options.ns] : list, typeof options?.count === 'number' ? options.count : undefined);
      if (found === undefined) {
        const colon = key.indexOf(':');
        return interpolate(options?.defaultValue ?? (colon > 0 ? key.slice(colon + 1) : key), options);
      }
      return interpolateAll(found, options);
    }) as TFunction;
  }

  t: TFunction = ((key: string, options?: TOptions | string) => this.getFixedT(null)(key, options)) as TFunction;

  /**
   * For React: called when the language changes. Texts arriving later need no call: a component
   * waiting for its namespace is suspended and renders when it is there (as react-i18next does).
   */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes with every change of language (React re-renders on it). */
  getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }
}

/** The app's one instance, as i18next's default export is. */
const texts = new Texts();
export default texts;
