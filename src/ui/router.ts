// Routing by URL hash: `#/<page>?<params>`, so a link opens a game and a position.

export interface Route {
  readonly page: string;
  readonly params: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const [path, query = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  return { page: path, params: new URLSearchParams(query) };
}

export function formatHash(page: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `#/${page}${query ? `?${query}` : ''}`;
}

/** Puts the page's state in the address bar without a new history entry (and without a hashchange). */
export function replaceHash(page: string, params: Record<string, string>): void {
  const hash = formatHash(page, params);
  if (location.hash !== hash) history.replaceState(null, '', hash);
}
