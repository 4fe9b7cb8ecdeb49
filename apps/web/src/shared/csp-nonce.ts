/**
 * The page's Content-Security-Policy nonce: the server writes a fresh one into each answer, on the
 * `csp-nonce` meta element the build puts in index.html. The browser hides the attribute from
 * selectors and getAttribute once the policy applies; the element's `nonce` property keeps it.
 * Empty where no policy applies (the development server).
 */
export function cspNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  // The build's placeholder, left as it is by a server that sets no policy.
  return nonce.startsWith('__') ? '' : nonce;
}

/**
 * Gives every style element the app's code creates the page's nonce. antd is given the nonce
 * (ConfigProvider `csp`), but parts of its component kit add style elements of their own without it
 * (the body scroll lock under a dialog, the scrollbar measure), and a few of its icons are SVG with
 * an empty style element inside; under the policy those would be refused. Markup injected into
 * the page cannot use this: only code already running can create elements.
 */
export function stampStyleElements(nonce: string): void {
  if (!nonce) return;
  const create = document.createElement.bind(document) as (tagName: string, options?: ElementCreationOptions) => HTMLElement;
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
  const createNS = document.createElementNS.bind(document) as (
    namespace: string | null,
    name: string,
    options?: ElementCreationOptions,
  ) => Element;
  document.createElementNS = ((namespace: string | null, name: string, options?: ElementCreationOptions) => {
    const element = createNS(namespace, name, options);
    if (element instanceof HTMLStyleElement || element instanceof SVGStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElementNS;
}
