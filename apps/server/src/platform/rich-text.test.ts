import { describe, expect, it } from 'vitest';
import { plainText, safeUrl, sanitizeRichText } from './rich-text';

describe('rich-text helpers', () => {
  it('keeps formatting and drops everything executable', () => {
    const html = sanitizeRichText(
      '<h3 style="color:red" class="x">标题</h3><p>正文<script>x()</script></p><table><tr><td colspan="2" onmouseover="x()">格</td></tr></table>',
    );
    expect(html).toBe('<h3>标题</h3><p>正文</p><table><tr><td colspan="2">格</td></tr></table>');
  });

  it('summarises the paragraphs in plain text, leaving tables out', () => {
    const html = '<p>第一段&amp;说明。</p><h3>一、内容</h3><table><tr><td>标的</td></tr></table><p>第二段。</p>';
    expect(plainText(html)).toBe('第一段&说明。 第二段。');
    expect(plainText('<ul><li>甲</li><li>乙</li></ul>')).toBe('甲 乙');
    expect(plainText(`<p>${'长'.repeat(200)}</p>`, 10)).toBe(`${'长'.repeat(10)}…`);
  });

  it('keeps only site paths and http(s) addresses', () => {
    expect(safeUrl('/file/download?fileId=a')).toBe('/file/download?fileId=a');
    expect(safeUrl('https://example.com/x')).toBe('https://example.com/x');
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/x',
      'data:image/png;base64,AA',
      ' JAVASCRIPT:x',
      '/\\evil.example',
      '/%5Cevil',
      '/\t/evil.example',
      '/\n/evil.example',
    ])
      expect(safeUrl(bad), JSON.stringify(bad)).toBe('');
  });

  it('drops links and images in rich text that a browser would follow to another host', () => {
    const html = sanitizeRichText(
      '<p><a href="/\\evil.example">a</a><a href="\\\\evil.example">b</a><a href="/%5Cevil">c</a>' +
        '<a href="/news/1">d</a><a href="https://example.com/">e</a><img src="/\\evil.example/x.png" alt="f"><img src="/file/download?fileId=x" alt="g"></p>',
    );
    expect(html).toBe(
      '<p><a>a</a><a>b</a><a>c</a><a href="/news/1">d</a><a href="https://example.com/">e</a>' +
        '<img alt="f" loading="lazy" /><img src="/file/download?fileId=x" alt="g" loading="lazy" /></p>',
    );
  });
});
