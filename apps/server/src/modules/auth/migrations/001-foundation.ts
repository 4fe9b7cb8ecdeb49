import type { Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../db/database';

/** Accounts, roles, menus, short-lived state and the login log. */
export function foundation(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('kv')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('kv_expires').on('kv').column('expires_at').execute();

      await db.schema
        .createTable('tenants')
        .addColumn('tenant_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('tenant_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('kind_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();

      await withIdColumn(db.schema.createTable('companies'), dialect)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('users'), dialect)
        .addColumn('account', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
        .addColumn('password_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('nick_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('mobile', 'varchar(20)', (c) => c.unique())
        .addColumn('email', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('job_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('position', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('fax', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .addColumn('cert_type', 'varchar(2)', (c) => c.notNull().defaultTo(''))
        .addColumn('cert_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
        .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('last_login_at', 'varchar(32)')
        .addColumn('last_login_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('roles'), dialect)
        .addColumn('code', 'varchar(60)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('role_permissions')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('auth_code', 'varchar(100)', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'auth_code'])
        .execute();

      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
        .execute();

      await db.schema
        .createTable('menus')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('parent_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('sys_title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('icon', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('menu_type', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .addColumn('menu_arg', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('app_code', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('kind_code', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('system_code', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('opt_right', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('style_type', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .addColumn('temp_menu_tpl_id', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('ext_field', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('role_menus')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('menu_id', 'varchar(64)', (c) => c.notNull().references('menus.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id'])
        .execute();

      await db.schema
        .createTable('menu_favorites')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('menu_id', 'varchar(64)', (c) => c.notNull().references('menus.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('menu_favorites_pk', ['user_id', 'menu_id'])
        .execute();

      await withIdColumn(db.schema.createTable('login_log'), dialect)
        .addColumn('account', 'varchar(40)', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('result', 'varchar(40)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_log_at').on('login_log').column('at').execute();
    },
  };
}
