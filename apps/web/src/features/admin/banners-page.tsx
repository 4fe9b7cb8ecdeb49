import { Image, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BANNER_AD_TYPES, bannersResource, friendLinksResource, type BannerRow, type FriendLinkRow } from '@portal/contracts/admin-content';
import { HOME_BANNER_POSITION } from '@portal/contracts/cms-constants';
import { ResourcePage } from '../../shared/resource/resource-page';

const thumb = (url: string, width = 120) =>
  url ? <Image src={url} alt="" width={width} height={width / 3} style={{ objectFit: 'cover' }} /> : null;

/** Content · banners: the home carousel (position web_index) and any other position. */
export function BannersPage() {
  const { t } = useTranslation('admin');
  const adTypes = BANNER_AD_TYPES.map((value) => ({ value, label: t(`banners.adTypes.t${value}`) }));
  return (
    <ResourcePage<BannerRow>
      resource={bannersResource}
      noun={t('banners.noun')}
      formColumns={2}
      searchFields={[
        { name: 'keyword', label: t('banners.title') },
        { name: 'positionCode', label: t('banners.position'), placeholder: HOME_BANNER_POSITION },
      ]}
      columns={[
        { title: t('banners.image'), dataIndex: 'imageUrl', render: (v: string) => thumb(v) },
        { title: t('banners.title'), dataIndex: 'title' },
        { title: t('banners.position'), dataIndex: 'positionCode' },
        { title: t('banners.link'), key: 'link', render: (_, row) => row.url || row.hyperlink },
        { title: t('banners.sort'), dataIndex: 'sort', align: 'right' },
        {
          title: t('banners.enabled'),
          dataIndex: 'enabled',
          render: (v: boolean) => (v ? <Tag color="success">{t('banners.shown')}</Tag> : <Tag>{t('banners.hidden')}</Tag>),
        },
      ]}
      createFields={[
        { name: 'title', label: t('banners.title'), help: t('banners.titleHelp') },
        { name: 'positionCode', label: t('banners.position'), help: t('banners.positionHelp') },
        { name: 'imageUrl', label: t('banners.image'), kind: 'image', wide: true },
        { name: 'adType', label: t('banners.adType'), kind: 'select', options: adTypes },
        { name: 'url', label: t('banners.url'), placeholder: '/onListing' },
        { name: 'hyperlink', label: t('banners.hyperlink'), placeholder: 'https://' },
        { name: 'attachment', label: t('banners.attachment'), placeholder: '{"id":"12"}' },
        { name: 'sort', label: t('banners.sort'), kind: 'number' },
        { name: 'enabled', label: t('banners.enabled'), kind: 'switch' },
      ]}
      createDefaults={{ positionCode: HOME_BANNER_POSITION, adType: '1', sort: 0, enabled: true }}
    />
  );
}

/** Content · friend links: the partner logos of the about page. */
export function FriendLinksPage() {
  const { t } = useTranslation('admin');
  const fields = [
    { name: 'name', label: t('friendLinks.name') },
    { name: 'url', label: t('friendLinks.url'), placeholder: 'https://' },
    { name: 'logo', label: t('friendLinks.logo'), kind: 'image' as const },
    { name: 'sort', label: t('friendLinks.sort'), kind: 'number' as const },
  ];
  return (
    <ResourcePage<FriendLinkRow>
      resource={friendLinksResource}
      noun={t('friendLinks.noun')}
      searchFields={[{ name: 'keyword', label: t('friendLinks.name') }]}
      columns={[
        { title: t('friendLinks.logo'), dataIndex: 'logo', render: (v: string) => thumb(v, 96) },
        { title: t('friendLinks.name'), dataIndex: 'name' },
        { title: t('friendLinks.url'), dataIndex: 'url' },
        { title: t('friendLinks.sort'), dataIndex: 'sort', align: 'right' },
      ]}
      createFields={fields}
      createDefaults={{ sort: 0 }}
    />
  );
}
