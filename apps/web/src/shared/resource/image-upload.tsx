import { useRef, useState } from 'react';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS, uploadEndpoints, type UploadedFile } from '@portal/contracts/admin-content';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../feedback';

const ACCEPT = UPLOAD_LIMITS.types.join(',');

/** A file's bytes as base64, as JSON uploads carry them. */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Checks an image the way the server will, then uploads it; resolves with where it is served. */
export function useImageUpload(): (file: File) => Promise<UploadedFile | null> {
  const { t } = useTranslation('resource');
  const { message } = useFeedback();
  return async (file) => {
    if (!(UPLOAD_LIMITS.types as readonly string[]).includes(file.type)) {
      message.error({ content: t('upload.badType'), duration: 3 });
      return null;
    }
    if (file.size > UPLOAD_LIMITS.maxBytes) {
      message.error({ content: t('upload.tooLarge', { limit: `${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB` }), duration: 3 });
      return null;
    }
    try {
      return await call(uploadEndpoints.upload, {
        body: { name: file.name, contentType: file.type as (typeof UPLOAD_LIMITS.types)[number], data: await readBase64(file) },
        quiet: true,
      });
    } catch (err) {
      message.error({ content: err instanceof ApiError && err.message ? err.message : t('upload.failed'), duration: 3 });
      return null;
    }
  };
}

interface ImageUploadProps {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  id?: string;
  disabled?: boolean;
}

/** An image field: a preview, an upload button and a remove button; the value is the image's URL. */
export function ImageUpload({ value, onChange, label, id, disabled }: ImageUploadProps) {
  const { t } = useTranslation('resource');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const upload = useImageUpload();
  return (
    <Space align="start" wrap>
      <div className="resource-image-box">
        {value ? (
          <Image src={value} alt={label} width={120} height={80} style={{ objectFit: 'contain' }} />
        ) : (
          <Typography.Text type="secondary">{t('upload.none')}</Typography.Text>
        )}
      </div>
      <Space direction="vertical" size="small">
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          style={{ display: 'none' }}
          data-testid={id ? `${id}-file` : undefined}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setBusy(true);
            const stored = await upload(file);
            setBusy(false);
            if (stored) onChange?.(stored.url);
          }}
        />
        <Button id={id} icon={<UploadOutlined />} loading={busy} disabled={disabled} onClick={() => input.current?.click()}>
          {value ? t('upload.replace') : t('upload.choose')}
        </Button>
        {value && !disabled && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {t('upload.remove')}
          </Button>
        )}
        <Typography.Text type="secondary" className="resource-field-hint">
          {t('upload.hint', { limit: `${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB` })}
        </Typography.Text>
      </Space>
    </Space>
  );
}
