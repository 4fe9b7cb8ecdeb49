import type { ReactNode } from 'react';
import { Radio } from 'antd';
import './state-filter.css';

interface StateFilterProps {
  activeKey: string;
  onChange: (key: string) => void;
  items: { key: string; label: ReactNode }[];
  /** What is being filtered, for screen readers ("状态"). */
  label?: string;
}

/**
 * A list's filter by state: one choice among several, as a group of radio buttons that wraps onto
 * another line when the choices do not fit (longer in English). antd's tabs hide what does not fit
 * behind a "more" button inside their tab list, which a tab list may not hold, and these choices
 * filter the one list below rather than switch between panels.
 */
export function StateFilter({ activeKey, onChange, items, label }: StateFilterProps) {
  return (
    <Radio.Group
      className="state-filter"
      optionType="button"
      value={activeKey}
      onChange={(e) => onChange(String(e.target.value))}
      aria-label={label}
    >
      {items.map((item) => (
        <Radio.Button key={item.key} value={item.key}>
          {item.label}
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}
