import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Banner } from '@portal/contracts/cms';
import { isSitePath } from '@portal/contracts/site-path';
import { CMS_LIMITS } from '@portal/contracts/cms-constants';
import { useBanners } from '../../features/cms';
import { LoadError } from '../../shared/query-state';

function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  if (banner.adType === '2' && banner.adHyperlinks) {
    return (
      <a href={banner.adHyperlinks} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  if (isSitePath(banner.url)) return <Link to={banner.url}>{children}</Link>;
  return <>{children}</>;
}

/**
 * The home banner carousel: autoplay every 5000 ms, paused while pointed at or focused. Hidden
 * slides are inert, so keyboard and screen-reader users only meet the visible one.
 */
export function BannerCarousel() {
  const { t } = useTranslation('portal');
  const { t: tc } = useTranslation();
  const banners = useBanners();
  const slides = banners.data ?? [];
  const count = slides.length;
  // Images load when their slide is shown, and the next one once the shown one has loaded, so the
  // first screen fetches only one banner.
  const [view, setView] = useState<{ active: number; seen: ReadonlySet<number> }>({ active: 0, seen: new Set([0]) });
  const [paused, setPaused] = useState(false);
  const active = count ? view.active % count : 0;
  const show = (index: number) => setView((v) => ({ active: index, seen: v.seen.has(index) ? v.seen : new Set([...v.seen, index]) }));
  const preloadAfter = (index: number) =>
    setView((v) => {
      const next = (index + 1) % Math.max(count, 1);
      return v.seen.has(next) ? v : { ...v, seen: new Set([...v.seen, next]) };
    });

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      setView((v) => {
        const next = (v.active + 1) % count;
        return { active: next, seen: v.seen.has(next) ? v.seen : new Set([...v.seen, next]) };
      });
    }, CMS_LIMITS.bannerAutoplayMs);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  let body: ReactNode;
  if (banners.isError) {
    body = (
      <div className="home-banner-message">
        <LoadError error={banners.error} onRetry={() => void banners.refetch()} />
      </div>
    );
  } else if (banners.isPending || count === 0) {
    body = banners.isPending ? null : (
      <div className="home-banner-fallback">
        <p className="home-banner-fallback-title">{tc('appName')}</p>
        <p>{tc('appSlogan')}</p>
      </div>
    );
  } else {
    body = (
      <>
        {slides.map((banner, i) => (
          <div
            key={banner.adImageUrl + i}
            className={i === active ? 'home-banner-slide is-active' : 'home-banner-slide'}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slide', { n: i + 1, total: count, title: banner.adTitle })}
            aria-hidden={i !== active}
            inert={i !== active}
          >
            <BannerLink banner={banner}>
              {view.seen.has(i) ? (
                <img
                  src={banner.adImageUrl}
                  alt={banner.adTitle}
                  width={1920}
                  height={480}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding="async"
                  onLoad={() => preloadAfter(i)}
                />
              ) : null}
            </BannerLink>
          </div>
        ))}
        {count > 1 && (
          <div className="home-banner-dots">
            {slides.map((banner, i) => (
              <button
                key={banner.adImageUrl + i}
                type="button"
                className={i === active ? 'home-banner-dot is-active' : 'home-banner-dot'}
                aria-label={t('home.slide', { n: i + 1, total: count, title: banner.adTitle })}
                aria-current={i === active}
                onClick={() => show(i)}
              />
            ))}
          </div>
        )}
      </>
    );
  }

  return (
    <section
      className="home-banner"
      aria-roledescription="carousel"
      aria-label={t('home.bannerLabel')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {body}
    </section>
  );
}
