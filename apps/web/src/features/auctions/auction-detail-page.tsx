import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ResultView } from './room/result-view';
import { RoomView } from './room/room-view';
import './auctions.css';

/**
 * /auctionBuyerDetail?openType&spaceId: one auction space. openType 1 is the bidder's room
 * (registration and bid box), 2 the same room watched (no bid box; the owner sees the bidders'
 * companies), 3 the result with the full history and the audit digest.
 */
export function AuctionDetailPage() {
  const { t } = useTranslation('auction');
  const [params] = useSearchParams();
  const spaceId = params.get('spaceId');
  const openType = params.get('openType') ?? '1';
  let content;
  if (!spaceId || !/^\d{1,20}$/.test(spaceId)) {
    content = (
      <Result
        status="404"
        title={t('room.notFound')}
        extra={
          <Link to="/auctionCenter" className="trade-link-button">
            {t('room.back')}
          </Link>
        }
      />
    );
  } else if (openType === '3') {
    content = <ResultView key={spaceId} spaceId={spaceId} />;
  } else {
    content = <RoomView key={spaceId} spaceId={spaceId} watchOnly={openType === '2'} />;
  }
  return <div className="portal-container trade-page">{content}</div>;
}
