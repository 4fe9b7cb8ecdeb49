import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Agreement } from '@portal/contracts/registration';

/** Shows one agreement's text; paragraphs are separated by blank lines. */
export function AgreementViewer({ agreement, onClose }: { agreement: Agreement | null; onClose: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Modal
      title={agreement?.articleName}
      open={agreement !== null}
      onCancel={onClose}
      onOk={onClose}
      okText={t('agreement.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
      zIndex={10000}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      <div className="agreement-text">
        {(agreement?.articleText ?? '').split(/\n{2,}/).map((paragraph, index) => (
          <Typography.Paragraph key={index}>{paragraph}</Typography.Paragraph>
        ))}
      </div>
    </Modal>
  );
}
