// Rich text and addresses typed by people, made safe before they are stored: one rule for the
// site's content, listings, auctions and tenders alike.
import sanitizeHtml from 'sanitize-html';
import { isSitePath } from '@portal/contracts/site-path';

/**
 * Drops a link or image address without a scheme unless it is a path on this site (isSitePath):
 * browsers read a slash and a backslash, two backslashes, or slashes around a tab as the start of
 * another host. Addresses with a scheme are checked against
 * the allowed schemes by sanitize-html itself.
 */
function withSiteAddress(attribs: Record<string, string>, name: 'href' | 'src'): Record<string, string> {
  const value = attribs[name];
  if (value === undefined || /^[a-z][a-z0-9+.-]*:/i.test(value) || isSitePath(value)) return attribs;
  const kept = { ...attribs };
  delete kept[name];
  return kept;
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'h1',
    'h2',
    'span',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
    ol: ['start', 'type'],
    '*': ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new window must not hand that window a reference back to the portal.
    a: (tagName, attribs) => {
      const kept: Record<string, string> = { ...withSiteAddress(attribs, 'href') };
      delete kept.rel;
      delete kept.target;
      return { tagName, attribs: attribs.target === '_blank' ? { ...kept, target: '_blank', rel: 'noopener noreferrer' } : kept };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...withSiteAddress(attribs, 'src'), loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/**
 * The one way rich text (articles, enterprise introductions, about-us, help, footer) enters the
 * database: scripts, event handlers, styles and javascript: URLs are removed; what remains is a
 * fixed set of formatting tags.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}

/** Plain text of a fragment of HTML, for summaries: its paragraphs when it has any, else all of it. */
export function plainText(html: string, max = 120): string {
  const paragraphs = html.match(/<p[\s>][\s\S]*?<\/p>/gi);
  const source = (paragraphs ?? [html]).join(' ').replace(/<\/(p|h\d|li|td|th|dd|dt|div)>/gi, ' ');
  const text = sanitizeHtml(source, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A link or image address kept only when it is a site path or an http(s) URL. */
export function safeUrl(url: string): string {
  const value = url.trim();
  if (isSitePath(value)) return value;
  return /^https?:\/\//i.test(value) ? value : '';
}
