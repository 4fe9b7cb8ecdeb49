import { useContext, useRef, useState } from 'react';
import { CloseCircleFilled } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useStyle, { useSharedStyle } from 'antd/es/input/style';

export interface ClearableInputProps {
  id?: string;
  className?: string;
  maxLength?: number;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A text field with a clear button, in antd's `<Input allowClear />` markup and styles: the
 * button shows once there is text, empties the field without taking the focus from it, and a
 * click anywhere in the box puts the cursor in the field.
 */
export function ClearableInput({ id, className, maxLength, placeholder, value, onChange }: ClearableInputProps) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('input');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useSharedStyle(prefixCls);
  useStyle(prefixCls, rootCls);
  const [focused, setFocused] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const wrapper = [
    `${prefixCls}-affix-wrapper`,
    focused ? `${prefixCls}-affix-wrapper-focused` : '',
    hashId,
    `${prefixCls}-outlined`,
    className,
    cssVarCls,
    rootCls,
  ];
  return (
    <span
      ref={box}
      className={wrapper.filter(Boolean).join(' ')}
      onClick={(event) => {
        if (box.current?.contains(event.target as Node)) input.current?.focus();
      }}
    >
      <input
        ref={input}
        id={id}
        maxLength={maxLength}
        placeholder={placeholder}
        className={`${prefixCls} ${hashId}`}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <span className={`${prefixCls}-suffix`}>
        <button
          type="button"
          className={value ? `${prefixCls}-clear-icon` : `${prefixCls}-clear-icon ${prefixCls}-clear-icon-hidden`}
          // Clearing keeps the focus where it is.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            input.current?.focus();
            onChange('');
          }}
        >
          <CloseCircleFilled />
        </button>
      </span>
    </span>
  );
}
