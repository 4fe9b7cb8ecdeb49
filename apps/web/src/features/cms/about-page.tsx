import { useTranslation } from 'react-i18next';
import { EmptyState, QueryState } from '../../shared/query-state';
import { RichText } from '../../shared/rich-text';
import { ContentPage } from './content-page';
import { useAboutUs, useFriendLinks } from './queries';

/** /terraceAbout: the platform text and the partners' logo links. */
export function AboutPage() {
  const { t } = useTranslation(['portal', 'content']);
  const about = useAboutUs();
  const links = useFriendLinks();
  return (
    <ContentPage title={t('about.title')} crumbs={[{ title: t('about.title') }]}>
      <section className="cms-card cms-about" aria-label={t('about.title')}>
        <QueryState query={about} isEmpty={(d) => d === null} empty={<EmptyState text={t('about.empty')} />}>
          {(data) => (
            <div className="cms-about-body">
              {data!.logoImageUrl ? <img src={data!.logoImageUrl} alt="" width={72} height={72} className="cms-about-logo" /> : null}
              <RichText html={data!.articleText} />
            </div>
          )}
        </QueryState>
      </section>
      <section className="cms-card cms-partners" aria-labelledby="cms-partners-title">
        <h2 id="cms-partners-title" className="cms-subtitle">
          {t('about.partners')}
        </h2>
        <QueryState query={links} isEmpty={(d) => d.rows.length === 0}>
          {(data) => (
            <ul className="cms-partner-grid">
              {data.rows.map((link) => (
                <li key={link.id}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={t('about.partnerLink', { name: link.name })}>
                    <img src={link.logo} alt="" width={240} height={80} loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </ContentPage>
  );
}
