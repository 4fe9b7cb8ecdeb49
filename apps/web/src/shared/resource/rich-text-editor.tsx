import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import {
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from './image-upload';
import './rich-text-editor.css';

const DROPPED_TAGS = 'script,style,iframe,frame,object,embed,link,meta,base,form,input,button,textarea,select,svg,math,template';

/**
 * Strips what must never run while an operator edits (scripts, event handlers, inline styles,
 * javascript: and data: addresses). The server sanitises again on save; this only keeps the editing
 * page itself safe from pasted or typed markup.
 */
export function cleanHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.body.querySelectorAll(DROPPED_TAGS).forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const unsafeUrl = (name === 'href' || name === 'src') && /^\s*(javascript|data|vbscript):/i.test(attr.value);
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || unsafeUrl) el.removeAttribute(attr.name);
    }
  });
  return doc.body.innerHTML;
}

/** A link address an article may carry: a site path, http(s) or mailto. */
const LINK_PATTERN = /^(\/(?!\/)|https?:\/\/|mailto:)\S+$/i;

/** A toolbar button; it keeps the text selection in the editing area while it is clicked. */
function Tool({
  name,
  icon,
  text,
  disabled,
  onClick,
  ...popup
}: {
  name: string;
  icon?: ReactNode;
  text?: string;
  disabled: boolean;
  onClick?: (event: MouseEvent) => void;
  [prop: string]: unknown;
}) {
  const { t } = useTranslation('resource');
  return (
    <Tooltip title={t(`editor.${name}`)}>
      <Button
        {...popup}
        size="small"
        type="text"
        icon={icon}
        aria-label={t(`editor.${name}`)}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {text}
      </Button>
    </Tooltip>
  );
}

interface RichTextEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  id?: string;
  disabled?: boolean;
}

/**
 * A light rich-text editor over contentEditable: headings, emphasis, lists, links and uploaded
 * images, plus an HTML source view. What it produces is sanitised by the server when saved.
 */
export function RichTextEditor({ value, onChange, label, id, disabled }: RichTextEditorProps) {
  const { t } = useTranslation('resource');
  const area = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const saved = useRef<Range | null>(null);
  const [source, setSource] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('');
  const [uploading, setUploading] = useState(false);
  const upload = useImageUpload();

  // Follows the form's value when it changes from outside (opening another record, a reset).
  useEffect(() => {
    const el = area.current;
    if (el && !source && el.innerHTML !== (value ?? '')) el.innerHTML = cleanHtml(value ?? '');
  }, [value, source]);

  const emit = () => {
    if (area.current) onChange?.(area.current.innerHTML === '<br>' ? '' : area.current.innerHTML);
  };
  const keepSelection = () => {
    const selection = window.getSelection();
    if (selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode)) saved.current = selection.getRangeAt(0);
  };
  const restoreSelection = () => {
    area.current?.focus();
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
  };
  const exec = (command: string, arg?: string) => {
    restoreSelection();
    document.execCommand(command, false, arg);
    emit();
  };

  const toggleSource = () => {
    if (source && area.current) {
      // Back from the source view: the typed markup is cleaned before it is shown.
      area.current.innerHTML = cleanHtml(value ?? '');
      emit();
    }
    setSource(!source);
  };
  const off = (key: string) => Boolean(disabled) || (source && key !== 'source');

  return (
    <div className={`resource-rte${disabled ? ' resource-rte-disabled' : ''}`}>
      <Space size={2} wrap className="resource-rte-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        <Tool name="heading2" disabled={off('heading2')} onClick={() => exec('formatBlock', '<h2>')} text="H2" />
        <Tool name="heading3" disabled={off('heading3')} onClick={() => exec('formatBlock', '<h3>')} text="H3" />
        <Tool name="paragraph" disabled={off('paragraph')} onClick={() => exec('formatBlock', '<p>')} text="¶" />
        <Tool name="bold" icon={<BoldOutlined />} disabled={off('bold')} onClick={() => exec('bold')} />
        <Tool name="italic" icon={<ItalicOutlined />} disabled={off('italic')} onClick={() => exec('italic')} />
        <Tool name="underline" icon={<UnderlineOutlined />} disabled={off('underline')} onClick={() => exec('underline')} />
        <Tool name="bulletList" icon={<UnorderedListOutlined />} disabled={off('bulletList')} onClick={() => exec('insertUnorderedList')} />
        <Tool name="orderedList" icon={<OrderedListOutlined />} disabled={off('orderedList')} onClick={() => exec('insertOrderedList')} />
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            if (open) keepSelection();
            setLinkOpen(open);
          }}
          trigger="click"
          content={
            <Space.Compact>
              <Input
                aria-label={t('editor.linkAddress')}
                placeholder="https://"
                value={link}
                status={link && !LINK_PATTERN.test(link) ? 'error' : undefined}
                onChange={(e) => setLink(e.target.value.trim())}
              />
              <Button
                type="primary"
                disabled={!LINK_PATTERN.test(link)}
                onClick={() => {
                  exec('createLink', link);
                  setLink('');
                  setLinkOpen(false);
                }}
              >
                {t('editor.insert')}
              </Button>
            </Space.Compact>
          }
        >
          <Tool name="link" icon={<LinkOutlined />} disabled={off('link')} />
        </Popover>
        <Tool
          name="image"
          icon={<PictureOutlined />}
          disabled={off('image')}
          text={uploading ? '…' : undefined}
          onClick={() => {
            keepSelection();
            fileInput.current?.click();
          }}
        />
        <Tool name="clear" icon={<ClearOutlined />} disabled={off('clear')} onClick={() => exec('removeFormat')} />
        <Tool name="source" icon={<CodeOutlined />} disabled={off('source')} onClick={toggleSource} />
      </Space>
      <input
        ref={fileInput}
        type="file"
        style={{ display: 'none' }}
        accept="image/png,image/jpeg,image/gif,image/webp"
        data-testid={id ? `${id}-image-file` : undefined}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setUploading(true);
          const stored = await upload(file);
          setUploading(false);
          if (stored) exec('insertImage', stored.url);
        }}
      />
      {source && (
        <Input.TextArea
          aria-label={t('editor.sourceOf', { label })}
          className="resource-rte-source"
          autoSize={{ minRows: 10, maxRows: 24 }}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
        />
      )}
      <div
        ref={area}
        id={id}
        className="resource-rte-area rich-text"
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        style={source ? { display: 'none' } : undefined}
        contentEditable={!disabled && !source}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        onKeyUp={keepSelection}
        onMouseUp={keepSelection}
        onPaste={(event) => {
          // Pasted markup is cleaned before it enters the page.
          const html = event.clipboardData.getData('text/html');
          if (!html) return;
          event.preventDefault();
          document.execCommand('insertHTML', false, cleanHtml(html));
          emit();
        }}
      />
    </div>
  );
}
