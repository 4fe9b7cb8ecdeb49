import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { menusResource, type MenuRow } from '@portal/contracts/admin';
import { usePermission } from '../../shared/permission';
import { ResourcePage, type FieldSpec } from '../../shared/resource/resource-page';
import { useSettings } from '../../shared/settings';
import { treeOf } from '../../shared/resource/tree';

/** A menu's title in the reader's language, the zh-CN source title when it has none. */
function titleIn(row: MenuRow, lang: string): string {
  return (lang === 'en-US' ? row.titleEn : lang === 'zh-TW' ? row.titleTw : '') || row.title;
}

/** System management · menus: the tree the shell is built from, every field of the menu node. */
export function MenusPage() {
  const { t, i18n } = useTranslation('admin');
  const { menusRootName } = useSettings();
  const canEdit = usePermission()(menusResource.permission.edit);
  const fields = (rows: MenuRow[]): FieldSpec[] => [
    {
      name: 'parent_id',
      label: t('menus.parent'),
      kind: 'treeSelect',
      treeData: [
        {
          key: menusRootName,
          title: t('menus.root'),
          children: treeOf(
            rows,
            (r) => r.parent_id,
            (r) => titleIn(r, i18n.language),
          ),
        },
      ],
    },
    { name: 'name', label: t('menus.name'), help: t('menus.nameHelp') },
    { name: 'title', label: t('menus.title') },
    { name: 'titleEn', label: t('menus.titleEn') },
    { name: 'titleTw', label: t('menus.titleTw') },
    { name: 'sysTitle', label: t('menus.sysTitle') },
    {
      name: 'menu_type',
      label: t('menus.menuType'),
      kind: 'select',
      options: [
        { value: '', label: t('menus.types.page') },
        { value: 'iframe', label: t('menus.types.iframe') },
      ],
    },
    { name: 'url', label: t('menus.url'), help: t('menus.urlHelp') },
    { name: 'icon', label: t('menus.icon'), placeholder: 'SettingOutlined' },
    { name: 'sort', label: t('menus.sort'), kind: 'number' },
    { name: 'optRight', label: t('menus.optRight'), placeholder: 'user:edit,user:view' },
    { name: 'system_code', label: t('menus.systemCode') },
    { name: 'app_code', label: t('menus.appCode') },
    { name: 'kind_code', label: t('menus.kindCode') },
    { name: 'style_type', label: t('menus.styleType') },
    { name: 'tempMenuTplId', label: t('menus.tempMenuTplId') },
    { name: 'otherPrefix', label: t('menus.otherPrefix') },
    { name: 'newparam', label: t('menus.newparam') },
    { name: 'hidden', label: t('menus.hidden'), kind: 'switch' },
    { name: 'keepAlive', label: t('menus.keepAlive'), kind: 'switch' },
    {
      name: 'menu_arg',
      label: t('menus.menuArg'),
      kind: 'textarea',
      wide: true,
      placeholder: '{"groupBy":"system"}',
      help: t('menus.menuArgHelp'),
    },
    { name: 'ext_field', label: t('menus.extField'), kind: 'textarea', wide: true },
  ];
  return (
    <ResourcePage<MenuRow>
      resource={menusResource}
      noun={t('menus.noun')}
      formColumns={2}
      tree={{ parentOf: (r) => r.parent_id }}
      searchFields={[{ name: 'keyword', label: t('menus.keyword') }]}
      columns={[
        { title: t('menus.titleColumn'), key: 'title', fixed: 'left', render: (_, row) => titleIn(row, i18n.language) },
        { title: t('menus.id'), dataIndex: 'id' },
        { title: t('menus.url'), dataIndex: 'url', ellipsis: true },
        {
          title: t('menus.menuType'),
          dataIndex: 'menu_type',
          render: (v: string) => (v === 'iframe' ? <Tag color="purple">{t('menus.types.iframe')}</Tag> : v ? v : t('menus.types.page')),
        },
        { title: t('menus.icon'), dataIndex: 'icon' },
        { title: t('menus.sort'), dataIndex: 'sort', align: 'right' },
        {
          title: t('menus.flags'),
          key: 'flags',
          render: (_, row) => (
            <>
              {row.hidden && <Tag>{t('menus.hidden')}</Tag>}
              {!row.keepAlive && <Tag>{t('menus.noKeepAlive')}</Tag>}
            </>
          ),
        },
      ]}
      createFields={(rows) => [{ name: 'id', label: t('menus.id'), help: t('menus.idHelp') }, ...fields(rows)]}
      editFields={(rows) => [{ name: 'id', label: t('menus.id'), readOnlyOnEdit: true }, ...fields(rows)]}
      createDefaults={{ parent_id: menusRootName, menu_type: '', hidden: false, keepAlive: true, sort: 0 }}
      rowActions={(row, api) =>
        canEdit && (
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => api.openCreate({ parent_id: row.id, system_code: row.system_code, app_code: row.app_code })}
          >
            {t('menus.addChild')}
          </Button>
        )
      }
    />
  );
}
