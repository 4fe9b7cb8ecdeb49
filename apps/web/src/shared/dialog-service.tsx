import {
  Suspense,
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Button, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** What every dialog content receives besides its own props. */
export interface DialogContentProps {
  /** Closes the dialog (after a save, or from a cancel button). */
  close(): void;
}

// Props differ per registered component; the registry only knows they accept `close`.
type AnyDialogComponent = ComponentType<DialogContentProps & Record<string, unknown>>;
const registry = new Map<string, AnyDialogComponent>();

/** Registers a component the dialog service can open by name (lazy components are fine). */
export function registerDialog<P extends object>(name: string, component: ComponentType<DialogContentProps & P>): void {
  registry.set(name, component as unknown as AnyDialogComponent);
}

export interface DialogOptions {
  title: ReactNode;
  /** Default 900 px. */
  width?: number;
  /** The content height; default 420 px. */
  height?: number;
}

export const DIALOG_DEFAULTS = { width: 900, height: 420, zIndex: 9999, maximisedMargin: 100 } as const;

interface OpenDialog {
  id: number;
  component: AnyDialogComponent;
  props: Record<string, unknown>;
  options: DialogOptions;
}

interface DialogService {
  open(name: string, options: DialogOptions, props?: Record<string, unknown>): void;
}
const DialogContext = createContext<DialogService | null>(null);

/** Opens named components in draggable dialogs; the shell mounts it once. */
export function DialogServiceProvider({ children }: { children: ReactNode }) {
  const [dialogs, setDialogs] = useState<OpenDialog[]>([]);
  const nextId = useRef(1);
  const open = useCallback((name: string, options: DialogOptions, props: Record<string, unknown> = {}) => {
    const component = registry.get(name);
    if (!component) {
      console.error(`dialog service: no component named "${name}"`);
      return;
    }
    const id = nextId.current++;
    setDialogs((list) => [...list, { id, component, props, options }]);
  }, []);
  const service = useMemo(() => ({ open }), [open]);
  const close = (id: number) => setDialogs((list) => list.filter((d) => d.id !== id));
  return (
    <DialogContext.Provider value={service}>
      {children}
      {dialogs.map((d) => (
        <ServiceDialog key={d.id} dialog={d} onClose={() => close(d.id)} />
      ))}
    </DialogContext.Provider>
  );
}

export function useDialogs(): DialogService {
  const value = useContext(DialogContext);
  if (!value) throw new Error('useDialogs outside DialogServiceProvider');
  return value;
}

/** Keeps at least this much of the title bar on screen while dragging. */
const KEEP_VISIBLE = 80;

function ServiceDialog({ dialog, onClose }: { dialog: OpenDialog; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(true);
  const [maximised, setMaximised] = useState(false);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);
  const { component: Content } = dialog;
  const width = dialog.options.width ?? DIALOG_DEFAULTS.width;
  const height = dialog.options.height ?? DIALOG_DEFAULTS.height;

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (maximised || e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    drag.current = { x: offset.x, y: offset.y, startX: e.clientX, startY: e.clientY };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const maxX = window.innerWidth / 2 + width / 2 - KEEP_VISIBLE;
    const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
    setOffset({
      x: clamp(d.x + e.clientX - d.startX, -maxX, maxX),
      y: clamp(d.y + e.clientY - d.startY, -100, window.innerHeight - 100 - KEEP_VISIBLE / 2),
    });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const toggleMaximised = () => {
    setOffset({ x: 0, y: 0 });
    setMaximised((m) => !m);
  };
  const maxHeight = window.innerHeight - DIALOG_DEFAULTS.maximisedMargin;

  return (
    <Modal
      open={open}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      footer={null}
      mask={{ closable: false }}
      zIndex={DIALOG_DEFAULTS.zIndex}
      width={maximised ? window.innerWidth - 48 : width}
      style={{ top: maximised ? DIALOG_DEFAULTS.maximisedMargin / 2 : 100, paddingBottom: 0 }}
      styles={{
        container: maximised ? { height: maxHeight, display: 'flex', flexDirection: 'column' } : undefined,
        body: maximised ? { flex: 1, overflow: 'auto' } : { height, overflow: 'auto' },
      }}
      destroyOnHidden
      title={
        <div
          className="service-dialog-title"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onDoubleClick={toggleMaximised}
          style={{
            cursor: maximised ? 'default' : 'move',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            marginRight: 32,
            userSelect: 'none',
          }}
        >
          <span style={{ flex: 1 }}>{dialog.options.title}</span>
          <Button
            type="text"
            size="small"
            icon={maximised ? <CompressOutlined /> : <ExpandOutlined />}
            aria-label={maximised ? t('dialog.restore') : t('dialog.maximise')}
            title={maximised ? t('dialog.restore') : t('dialog.maximise')}
            onClick={toggleMaximised}
          />
        </div>
      }
      modalRender={(node) => <div style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}>{node}</div>}
    >
      <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
        <Content {...dialog.props} close={() => setOpen(false)} />
      </Suspense>
    </Modal>
  );
}
