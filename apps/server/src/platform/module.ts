import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { ErrorKey } from '@portal/contracts/errors';
import type { Localized } from '@portal/contracts/i18n';
import type { Db, DbHandle, Dialect } from '../db/database';
import type { Settings } from '../settings';
import type { Captcha } from './captcha';
import type { EventBus } from './events';
import type { Health } from './health';
import type { KvStore } from './kv';
import type { Metrics } from './metrics';
import type { Periodic } from './periodic';
import type { RateLimiter } from './rate-limit';
import type { JobHandler, Scheduler } from './scheduler';
import type { Sessions } from './sessions';
import type { WritePath } from './write-path';

/**
 * The services modules offer one another, by name. Each module's manifest adds the ones it
 * provides (`declare module '../../platform/module' { interface ProvidedServices { ... } }`), so
 * a module asks for another's service by name and gets its type without reaching into its files.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ProvidedServices {}
export type ServiceName = keyof ProvidedServices;

/** The shared pieces app.ts builds once and hands to every module. */
export interface ModulePlatform {
  app: FastifyInstance;
  settings: Settings;
  database: DbHandle;
  db: Db;
  dialect: Dialect;
  kv: KvStore;
  now: () => Date;
  sessions: Sessions;
  limiter: RateLimiter;
  captcha: Captcha;
  events: EventBus;
  writes: WritePath;
  scheduler: Scheduler;
  /** This server's readiness probes (database, Redis, migrations, scheduler). */
  health: Health;
  /** What the server measures: modules record their own families and read-at-scrape gauges. */
  metrics: Metrics;
  /** Work this server repeats while it serves. */
  periodic: Periodic;
}

export interface ModuleContext extends ModulePlatform {
  /** A service provided by a module listed earlier in the registry; throws when none is. */
  need<K extends ServiceName>(name: K): ProvidedServices[K];
  /** Every permission the registry's modules declare, by module in registry order (the role editor's catalogue). */
  permissions: readonly PermissionGroup[];
}

/** A permission code an endpoint checks, and what it allows in the three languages. */
export interface PermissionDeclaration {
  code: string;
  title: Localized;
}

/** One module's permissions under the module's title. */
export interface PermissionGroup {
  module: string;
  title: Localized;
  permissions: readonly PermissionDeclaration[];
}

/** A migration as a module declares it: built for the database's dialect. */
export type MigrationFactory = (dialect: Dialect) => Migration;

/** What a module declares about itself, read without building it. */
export interface ModuleDeclarations {
  /** The module's folder name. */
  name: string;
  /**
   * Its migrations by the name an installed database records; a released name never changes.
   * Reference data (roles, permissions, menus, enumerations) arrives through these.
   */
  migrations?: Readonly<Record<string, MigrationFactory>>;
  /** What the module is, in the three languages: the role editor's heading over its permissions. */
  title?: Localized;
  /** The permission codes its endpoints check, with what each allows; roles are granted them. */
  permissions?: readonly PermissionDeclaration[];
  /** Menu ids its migrations declare as reference data. */
  menus?: readonly string[];
  /** Enumerations (dictionaries) its migrations declare as reference data. */
  enumerations?: readonly string[];
  /** The settings it reads. */
  settings?: readonly (keyof Settings)[];
  /** The catalogue's error codes its rules raise. */
  errorCodes?: readonly ErrorKey[];
}

/** What a module brings once built: other modules' view of it, its routes, jobs and listeners. */
export interface ModuleDefinition<S> extends ModuleDeclarations {
  /** Builds its repositories and services once, from the platform and earlier modules' services. */
  services?(ctx: ModuleContext): S;
  /** What other modules may ask for by name (`ctx.need`). */
  provides?(services: S): Partial<ProvidedServices>;
  /** Registers its routes; every module's services exist by then. */
  routes?(app: FastifyInstance, services: S, ctx: ModuleContext): void;
  /** Its scheduled job handlers by job name. */
  jobs?(services: S): Readonly<Record<string, JobHandler>>;
  /** Subscribes to other modules' events; every module's services exist by then. */
  listeners?(services: S, ctx: ModuleContext): void;
}

/** A module as the registry holds it: its declarations and one call that builds it. */
export interface ServerModule extends ModuleDeclarations {
  build(ctx: ModuleContext): BuiltModule;
}

export interface BuiltModule {
  provides: Partial<ProvidedServices>;
  jobs: Readonly<Record<string, JobHandler>>;
  /** Routes and listeners, run after every module is built. */
  connect(): void;
}

/** A module's manifest: its declarations and how it is built, with its services' type kept inside. */
export function defineModule<S = void>(definition: ModuleDefinition<S>): ServerModule {
  const { services, provides, routes, jobs, listeners, ...declarations } = definition;
  return {
    ...declarations,
    build(ctx) {
      const built = services ? services(ctx) : (undefined as S);
      return {
        provides: provides?.(built) ?? {},
        jobs: jobs?.(built) ?? {},
        connect() {
          routes?.(ctx.app, built, ctx);
          listeners?.(built, ctx);
        },
      };
    },
  };
}

/**
 * Builds the listed modules in order, then registers their routes, jobs and listeners. A module
 * may ask for a service of any module listed before it.
 */
export function startModules(modules: readonly ServerModule[], platform: ModulePlatform): Partial<ProvidedServices> {
  const provided: Partial<ProvidedServices> = {};
  const ctx: ModuleContext = {
    ...platform,
    permissions: permissionCatalogue(modules),
    need(name) {
      const service = provided[name];
      if (service === undefined) throw new Error(`No module listed before this one provides '${String(name)}'`);
      return service as ProvidedServices[typeof name];
    },
  };
  const built = modules.map((m) => {
    const parts = m.build(ctx);
    Object.assign(provided, parts.provides);
    return parts;
  });
  for (const parts of built) {
    for (const [name, handler] of Object.entries(parts.jobs)) platform.scheduler.define(name, handler);
    parts.connect();
  }
  return provided;
}

/** The modules' permissions grouped by module, refusing a module that declares some without a title or a code two modules claim. */
export function permissionCatalogue(modules: readonly ModuleDeclarations[]): PermissionGroup[] {
  const owner = new Map<string, string>();
  const groups: PermissionGroup[] = [];
  for (const m of modules) {
    if (!m.permissions?.length) continue;
    if (!m.title) throw new Error(`Module ${m.name} declares permissions without a title`);
    for (const { code } of m.permissions) {
      const first = owner.get(code);
      if (first) throw new Error(`Permission ${code} is declared twice (by ${first} and ${m.name})`);
      owner.set(code, m.name);
    }
    groups.push({ module: m.name, title: m.title, permissions: m.permissions });
  }
  return groups;
}

/** Every module's migrations in one record, refusing a name two modules claim. */
export function collectMigrations(modules: readonly ModuleDeclarations[], dialect: Dialect): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  for (const m of modules) {
    for (const [name, factory] of Object.entries(m.migrations ?? {})) {
      if (name in all) throw new Error(`Migration ${name} is declared twice (again by ${m.name})`);
      all[name] = factory(dialect);
    }
  }
  return all;
}
