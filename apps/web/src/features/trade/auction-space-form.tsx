import { Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUCTION_LIMITS, type ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { RichTextEditor } from '../../shared/resource/rich-text-editor';
import type { SpaceFormValues } from './auction-form-values';
import { PieceList, SpaceFields } from './auction-space-fields';
import { useAuctionSpaceForm, useFieldRules } from './use-auction-space-form';

interface AuctionSpaceFormProps {
  /** The space being edited (draft or rejected); null creates a draft. */
  space: ManagedAuctionSpace | null;
  onClose: () => void;
  onSaved: (saved: ManagedAuctionSpace) => void;
}

/**
 * The create/edit dialog of an auction space with its pieces: the side and mode, the times, the
 * price step and deposit, anti-sniping, who may register, and per piece its goods, quantity, start
 * price, hidden reserve and terms. Saves a draft, or saves and submits it for review.
 */
export function AuctionSpaceFormDialog({ space, onClose, onSaved }: AuctionSpaceFormProps) {
  const { t } = useTranslation('auction');
  const { form, side, mode, modes, extending, varieties, treeData, initial, save, run } = useAuctionSpaceForm(space, onSaved);
  const { atMost } = useFieldRules();
  return (
    <Modal
      open
      width={1000}
      title={space ? t('form.editTitle', { name: space.spaceName }) : t('form.createTitle')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button loading={save.isPending && !save.variables?.thenSubmit} onClick={() => run(false)} data-testid="auction-save-draft">
            {t('form.saveDraft')}
          </Button>
          <Button
            type="primary"
            loading={save.isPending && save.variables?.thenSubmit}
            onClick={() => run(true)}
            data-testid="auction-save-submit"
          >
            {t('form.saveAndSubmit')}
          </Button>
        </Space>
      }
    >
      {space?.spaceStatus === 3 && space.reviewRemark ? (
        <p className="tc-remark">{t('mine.reviewRemark', { remark: space.reviewRemark })}</p>
      ) : null}
      <Form<SpaceFormValues> form={form} layout="vertical" initialValues={initial} scrollToFirstError>
        <SpaceFields mode={mode} modes={modes} extending={extending} />
        <PieceList side={side} mode={mode} treeData={treeData} varietiesLoading={varieties.isPending} />
        <Form.Item name="remark" label={t('form.remark')} rules={[atMost(AUCTION_LIMITS.remarkMax)]} style={{ marginTop: 16 }}>
          <Input.TextArea rows={2} showCount maxLength={AUCTION_LIMITS.remarkMax} />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <RichTextEditor label={t('form.description')} id="auction-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
