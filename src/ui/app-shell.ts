// <app-shell>: the header with a link per game and the page of the current hash route.

import { LitElement, css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { pages } from './pages';
import { parseHash, type Route } from './router';

@customElement('app-shell')
export class AppShell extends LitElement {
  static styles = css`
    :host {
      display: block;
      min-height: 100vh;
    }
    header {
      display: flex;
      flex-wrap: wrap;
      gap: 1.5rem;
      align-items: baseline;
      padding: 0.75rem 1.5rem;
      background: var(--header);
      color: #fff;
    }
    header a {
      color: #e2e8f0;
      text-decoration: none;
    }
    nav {
      display: flex;
      flex-wrap: wrap;
      gap: 1.25rem;
    }
    header a[aria-current='page'] {
      color: #fff;
      font-weight: 600;
      text-decoration: underline;
    }
    .brand {
      font-weight: 700;
      font-size: 1.2rem;
      color: #fff;
    }
    main {
      padding: 1.5rem;
    }
    /* A phone: the header stays one line (its links scroll sideways within it), the page keeps its width. */
    @media (max-width: 700px) {
      header {
        flex-wrap: nowrap;
        gap: 0.75rem;
        padding: 0.5rem 0.75rem;
        white-space: nowrap;
      }
      nav {
        flex-wrap: nowrap;
        gap: 0.9rem;
        overflow-x: auto;
        min-width: 0;
      }
      .brand {
        font-size: 1rem;
      }
      main {
        padding: 0.75rem;
      }
    }
    .cards {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
      gap: 1rem;
    }
    .card {
      display: block;
      background: var(--panel);
      border: 1px solid var(--border);
      border-radius: 8px;
      padding: 1rem;
      color: var(--text);
      text-decoration: none;
    }
    .card h2 {
      margin: 0 0 0.5rem;
      font-size: 1.2rem;
    }
  `;

  @state() private route: Route = parseHash(location.hash);
  private readonly onHashChange = () => (this.route = parseHash(location.hash));

  connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.onHashChange);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.onHashChange);
  }

  /** The current page's link in sight in the header (on a phone its links scroll sideways). */
  updated(): void {
    const nav = this.renderRoot.querySelector('nav');
    const current = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!nav || !current) return;
    const left = current.offsetLeft - nav.offsetLeft;
    if (left < nav.scrollLeft || left + current.offsetWidth > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = left - 8;
  }

  render() {
    const page = pages.find((candidate) => candidate.route === this.route.page);
    return html`
      <header>
        <a class="brand" href="#/">AI Playground</a>
        <nav aria-label="Games">
          ${pages.map((p) => html`<a href="#/${p.route}" aria-current=${p === page ? 'page' : 'false'}>${p.title}</a>`)}
        </nav>
      </header>
      <main>${page ? page.render(this.route.params) : this.home()}</main>
    `;
  }

  private home() {
    const unknown = this.route.page !== '';
    return html`
      ${unknown ? html`<p role="alert">There is no page "${this.route.page}". Pick a game:</p>` : ''}
      <div class="cards">
        ${pages.map((p) => html`<a class="card" href="#/${p.route}"><h2>${p.title}</h2><p>${p.blurb}</p></a>`)}
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'app-shell': AppShell;
  }
}
