import { useContext, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useStyle from 'antd/es/input-number/style';
import { addDecimal, decimalOf, readDecimal, toFixedDecimal } from './decimal-text';

/** Holding a step button down steps again after this long, then at every STEP_INTERVAL. */
const STEP_DELAY = 600;
const STEP_INTERVAL = 200;

export interface NumberFieldProps {
  value: number | null;
  onChange: (value: number | null) => void;
  min: number;
  /** Places shown once the field is left (typing is never rounded). */
  precision: number;
  placeholder?: string;
  status?: 'error';
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A number field with a lower bound, in antd's InputNumber markup and styles: the same classes,
 * the spin button's role and aria values, the step buttons shown on hover. Typing reports each
 * number at or above the minimum as typed; leaving the field or Enter raises a number below the
 * minimum to it, rounds to `precision` places and shows them; text that is no number goes back
 * to the last number. The arrow keys and the buttons (held down: repeatedly) step by 1, by 10
 * with Shift.
 */
export function NumberField({
  value,
  onChange,
  min,
  precision,
  placeholder,
  status,
  'aria-label': label,
  'aria-invalid': invalid,
}: NumberFieldProps) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('input-number');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useStyle(prefixCls, rootCls);
  const current = value === null ? '' : decimalOf(value);
  const shown = (decimal: string, typing: boolean) => (typing || decimal === '' ? decimal : toFixedDecimal(decimal, precision));
  const [text, setText] = useState(() => shown(current, false));
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const typing = useRef(false);
  const composing = useRef(false);
  const shift = useRef(false);
  const stepTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const below = (decimal: string) => Number(decimal) < min;
  const downDisabled = current !== '' && Number(current) <= min;

  // A new value from outside is shown, except while typing a text that already means it (`1.`).
  const shownValue = useRef(current);
  useLayoutEffect(() => {
    if (shownValue.current === current) return;
    shownValue.current = current;
    if (!typing.current || readDecimal(text) !== current) setText(shown(current, typing.current));
    // Only a change of the value itself replaces the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  useEffect(() => () => clearTimeout(stepTimer.current), []);

  /** Reports `decimal` (raised to the minimum and rounded unless typing); returns what holds now. */
  const update = (decimal: string, userTyping: boolean): string => {
    let next = decimal;
    if (next !== '' && !userTyping) next = toFixedDecimal(below(next) ? decimalOf(min) : next, precision);
    else if (next !== '' && below(next)) return current;
    if (next !== current) onChange(next === '' ? null : Number(next));
    return next;
  };

  const collect = (str: string) => {
    setText(str);
    if (!composing.current) {
      const decimal = readDecimal(str);
      if (decimal !== undefined) update(decimal, true);
    }
    // A full-width full stop, as Chinese input methods type it, is a decimal point.
    if (str.includes('。')) requestAnimationFrame(() => collect(str.replace(/。/g, '.')));
  };

  const flush = () => {
    const decimal = readDecimal(text);
    update(decimal ?? current, false);
    setText(shown(current, false));
  };

  const step = (up: boolean) => {
    if (!up && downDisabled) return;
    typing.current = false;
    const offset = shift.current ? '10' : '1';
    update(addDecimal(current === '' ? '0' : current, up ? offset : `-${offset}`), false);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    typing.current = true;
    shift.current = event.shiftKey;
    if (event.key === 'Enter') {
      if (!composing.current) typing.current = false;
      flush();
    }
    if (!composing.current && ['Up', 'ArrowUp', 'Down', 'ArrowDown'].includes(event.key)) {
      step(event.key === 'Up' || event.key === 'ArrowUp');
      event.preventDefault();
    }
  };

  const stopStep = () => requestAnimationFrame(() => clearTimeout(stepTimer.current));
  const startStep = (event: MouseEvent, up: boolean) => {
    event.preventDefault();
    clearTimeout(stepTimer.current);
    step(up);
    const loop = () => {
      step(up);
      stepTimer.current = setTimeout(loop, STEP_INTERVAL);
    };
    stepTimer.current = setTimeout(loop, STEP_DELAY);
  };
  const handler = (action: 'up' | 'down', disabled: boolean) => (
    <span
      unselectable="on"
      role="button"
      onMouseUp={stopStep}
      onMouseLeave={stopStep}
      onMouseDown={(event) => startStep(event, action === 'up')}
      aria-label={action === 'up' ? 'Increase Value' : 'Decrease Value'}
      aria-disabled={disabled}
      className={`${prefixCls}-action ${prefixCls}-action-${action}${disabled ? ` ${prefixCls}-action-${action}-disabled` : ''}`}
    >
      {action === 'up' ? <UpOutlined /> : <DownOutlined />}
    </span>
  );

  const classes = [
    prefixCls,
    `${prefixCls}-mode-input`,
    cssVarCls,
    rootCls,
    hashId,
    status ? `${prefixCls}-status-${status}` : '',
    `${prefixCls}-outlined`,
    focused ? `${prefixCls}-focused` : '',
    current !== '' && below(current) ? `${prefixCls}-out-of-range` : '',
  ];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      onMouseDown={(event) => {
        if (input.current && event.target !== input.current) {
          input.current.focus();
          event.preventDefault();
        }
      }}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        flush();
        setFocused(false);
        typing.current = false;
      }}
      onKeyDown={onKeyDown}
      onKeyUp={() => {
        typing.current = false;
        shift.current = false;
      }}
      onCompositionStart={() => {
        composing.current = true;
      }}
      onCompositionEnd={() => {
        composing.current = false;
        collect(input.current?.value ?? '');
      }}
      onBeforeInput={() => {
        typing.current = true;
      }}
    >
      <input
        autoComplete="off"
        role="spinbutton"
        aria-valuemin={min}
        aria-valuenow={current === '' ? undefined : Number(current)}
        step={1}
        ref={input}
        className={`${prefixCls}-input`}
        value={text}
        onChange={(event) => collect(event.target.value)}
        aria-label={label}
        placeholder={placeholder}
        aria-invalid={invalid}
      />
      <div className={`${prefixCls}-actions`}>
        {handler('up', false)}
        {handler('down', downDisabled)}
      </div>
    </div>
  );
}
