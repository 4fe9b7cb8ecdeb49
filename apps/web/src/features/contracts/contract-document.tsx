import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The contract's PDF shown by the browser's own viewer, with a download link beside it; a phone
 * gets the links alone (its browser downloads PDFs rather than showing them in a page).
 */
export function ContractDocument({ contractNo, url }: { contractNo: string; url: string }) {
  const { t } = useTranslation('contracts');
  return (
    <section aria-label={t('detail.document')}>
      <iframe
        className="cv-viewer"
        src={url}
        title={t('detail.viewerTitle', { contractNo })}
        data-testid="contract-viewer"
        // The browser's own viewer shows the PDF: the accessibility check leaves that document out.
        data-pdf-viewer=""
      />
      <Typography.Text type="secondary" className="cv-phone-hint">
        {t('detail.phoneHint')}
      </Typography.Text>
      <div className="cv-viewer-links">
        <a href={url} download={`${contractNo}.pdf`} data-testid="contract-download">
          <DownloadOutlined aria-hidden /> {t('detail.download')}
        </a>
        <a href={url} target="_blank" rel="noopener noreferrer">
          <ExportOutlined aria-hidden /> {t('detail.openNew')}
        </a>
      </div>
    </section>
  );
}
