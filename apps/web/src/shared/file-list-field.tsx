import { useRef, useState } from 'react';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS } from '@portal/contracts/admin-content';
import { useImageUpload } from './resource/image-upload';
import './file-list-field.css';

/** Where a stored file is served. */
export const fileUrl = (fileId: string) => `/file/download?fileId=${encodeURIComponent(fileId)}`;

interface FileListFieldProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Names the field for screen readers and the upload button. */
  label: string;
  max: number;
  id?: string;
  /** Names the hidden file input for the browser journeys. */
  inputTestId?: string;
}

/** A list of uploaded files (pictures, vouchers, waybills) held as their file ids. */
export function FileListField({ value = [], onChange, label, max, id, inputTestId }: FileListFieldProps) {
  const { t } = useTranslation('trade');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const upload = useImageUpload();
  return (
    <div role="group" aria-label={label} id={id}>
      <Space wrap align="start">
        {value.map((fileId, index) => (
          <div key={fileId} className="tc-file">
            <Image src={fileUrl(fileId)} alt={`${label} ${index + 1}`} width={96} height={72} style={{ objectFit: 'cover' }} />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('files.remove', { n: index + 1 })}
              onClick={() => onChange?.(value.filter((v) => v !== fileId))}
            />
          </div>
        ))}
        {value.length < max ? (
          <>
            <input
              ref={input}
              type="file"
              accept={UPLOAD_LIMITS.types.join(',')}
              style={{ display: 'none' }}
              data-testid={inputTestId}
              onChange={async (event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                setBusy(true);
                const stored = await upload(file);
                setBusy(false);
                if (stored) onChange?.([...value, stored.fileId]);
              }}
            />
            <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
              {t('files.upload', { label })}
            </Button>
          </>
        ) : null}
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
        {t('files.hint', { max, size: `${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB` })}
      </Typography.Paragraph>
    </div>
  );
}

/** Download links of stored files (timeline attachments). */
export function FileLinks({ fileIds }: { fileIds: readonly string[] }) {
  const { t } = useTranslation('trade');
  if (fileIds.length === 0) return null;
  return (
    <Space wrap size={4}>
      {fileIds.map((fileId, index) => (
        <a key={fileId} href={fileUrl(fileId)} target="_blank" rel="noreferrer" download>
          <PaperClipOutlined aria-hidden /> {t('files.attachment', { n: index + 1 })}
        </a>
      ))}
    </Space>
  );
}
