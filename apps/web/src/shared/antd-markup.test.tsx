import { cleanup, render } from '@testing-library/react';
import { Empty, Skeleton, Spin } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { FullPageSpin } from '../app/full-page-spin';
import { EmptyState } from './query-state';
import { InputSkeleton, TextSkeleton } from './skeleton';
import { Spinner } from './spinner';

afterEach(cleanup);

const markup = (node: React.ReactElement) => {
  const { container } = render(node);
  const html = container.innerHTML;
  cleanup();
  return html;
};

// The portal's own empty state, spinners and skeletons render antd's markup, so antd's styles apply alike.
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

  it("the login form's spinner is the default Spin", () => {
    expect(markup(<Spinner />)).toBe(markup(<Spin />));
  });

  it.each([1, 4, 8])('the text skeleton of %i lines is Skeleton with a paragraph of as many rows', (rows) => {
    expect(markup(<TextSkeleton rows={rows} />)).toBe(markup(<Skeleton active paragraph={{ rows }} />));
    expect(markup(<TextSkeleton rows={rows} />)).toBe(markup(<Skeleton active title paragraph={{ rows }} />));
  });

  it('the text skeleton with an avatar is Skeleton with an avatar', () => {
    expect(markup(<TextSkeleton rows={3} avatar />)).toBe(markup(<Skeleton active avatar paragraph={{ rows: 3 }} />));
  });

  it("the field's skeleton is the small Skeleton.Input", () => {
    expect(markup(<InputSkeleton />)).toBe(markup(<Skeleton.Input active size="small" />));
  });
});
