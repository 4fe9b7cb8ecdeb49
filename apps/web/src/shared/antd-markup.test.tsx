import { cleanup, render } from '@testing-library/react';
import { Empty, Spin } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { FullPageSpin } from '../app/full-page-spin';
import { EmptyState } from './query-state';

afterEach(cleanup);

const markup = (node: React.ReactElement) => {
  const { container } = render(node);
  const html = container.innerHTML;
  cleanup();
  return html;
};

// The portal's own empty state and spinner render antd's markup, so antd's styles apply alike.
describe("antd's markup without antd's components", () => {
  it('the empty state is Empty with the simple picture', () => {
    expect(markup(<EmptyState text="暂无数据" />)).toBe(markup(<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />));
  });

  it('the full-page spinner holds the large Spin', () => {
    const { container } = render(<FullPageSpin />);
    const own = container.firstElementChild!.innerHTML;
    cleanup();
    expect(own).toBe(markup(<Spin size="large" />));
  });
});
