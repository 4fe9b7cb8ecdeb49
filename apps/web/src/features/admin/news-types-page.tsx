import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { newsTypesResource, type NewsTypeRow } from '@portal/contracts/admin-content';
import { ResourcePage } from '../../shared/resource/resource-page';

/** Content · news types: the columns of the news list (and the notice and help types). */
export function NewsTypesPage() {
  const { t } = useTranslation('admin');
  const { t: words } = useTranslation('resource');
  const fields = [
    { name: 'name', label: t('newsTypes.name') },
    { name: 'sort', label: t('newsTypes.sort'), kind: 'number' as const },
    { name: 'inNewsList', label: t('newsTypes.inNewsList'), kind: 'switch' as const, help: t('newsTypes.inNewsListHelp') },
  ];
  return (
    <ResourcePage<NewsTypeRow>
      resource={newsTypesResource}
      noun={t('newsTypes.noun')}
      columns={[
        { title: t('newsTypes.code'), dataIndex: 'code' },
        { title: t('newsTypes.name'), dataIndex: 'name' },
        { title: t('newsTypes.sort'), dataIndex: 'sort', align: 'right' },
        {
          title: t('newsTypes.inNewsList'),
          dataIndex: 'inNewsList',
          render: (v: boolean) => (v ? <Tag color="blue">{words('yes')}</Tag> : <Tag>{words('no')}</Tag>),
        },
        { title: t('newsTypes.articleCount'), dataIndex: 'articleCount', align: 'right' },
      ]}
      createFields={[{ name: 'code', label: t('newsTypes.code'), help: t('newsTypes.codeHelp') }, ...fields]}
      editFields={[{ name: 'code', label: t('newsTypes.code'), readOnlyOnEdit: true }, ...fields]}
      createDefaults={{ sort: 0, inNewsList: true }}
    />
  );
}
