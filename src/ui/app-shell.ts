// <app-shell>: the header with a link per game and the page of the current hash route. On a phone the links
// fold into a menu (the header keeps one line: the brand, the page, the Menu button).

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
    /* Before the header's links, for keyboards and screen readers: seen only when it has the focus. */
    .skip {
      position: absolute;
      left: 0.5rem;
      top: -3rem;
      z-index: 10;
      padding: 0.4rem 0.8rem;
      background: #fff;
      color: #0f172a;
      border: 2px solid #1d4ed8;
      font: inherit;
    }
    .skip:focus {
      top: 0.5rem;
    }
    main:focus {
      outline: none;
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
    .menu,
    .here {
      display: none;
    }
    /* A phone: the header keeps one line, the links open below it from the Menu button, each whole. */
    @media (max-width: 700px) {
      header {
        gap: 0.75rem;
        padding: 0.5rem 0.75rem;
      }
      .brand {
        font-size: 1rem;
        white-space: nowrap;
      }
      .here {
        display: inline;
        flex: 1;
        min-width: 0;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
        color: #e2e8f0;
      }
      .menu {
        display: inline-block;
        margin-left: auto;
        font: inherit;
        padding: 0.25rem 0.6rem;
        border: 1px solid #94a3b8;
        border-radius: 6px;
        background: transparent;
        color: #fff;
      }
      nav {
        display: none;
        flex-basis: 100%;
        flex-direction: column;
        gap: 0.6rem;
        padding: 0.25rem 0 0.5rem;
      }
      nav.open {
        display: flex;
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
  /** The phone's menu of links, open or not. */
  @state() private menuOpen = false;
  private readonly onHashChange = (event: HashChangeEvent) => {
    // The link followed: a page may have put its own state in the address (a bot's move) between the navigation
    // and this event, and that must not swallow the link.
    const hash = new URL(event.newURL).hash;
    if (location.hash !== hash) history.replaceState(null, '', hash);
    this.route = parseHash(hash);
    this.menuOpen = false;
  };

  connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.onHashChange);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.onHashChange);
  }

  render() {
    const page = pages.find((candidate) => candidate.route === this.route.page);
    return html`
      <button class="skip" @click=${() => this.skipToPage()}>Skip to the page</button>
      <header>
        <a class="brand" href="#/">AI Playground</a>
        <span class="here">${page?.title ?? ''}</span>
        <button class="menu" aria-expanded=${this.menuOpen ? 'true' : 'false'} aria-controls="pages" @click=${() => (this.menuOpen = !this.menuOpen)}>Menu</button>
        <nav id="pages" class=${this.menuOpen ? 'open' : ''} aria-label="Games">
          ${pages.map((p) => html`<a href="#/${p.route}" aria-current=${p === page ? 'page' : 'false'}>${p.title}</a>`)}
        </nav>
      </header>
      <main tabindex="-1">${page ? page.render(this.route.params) : this.home()}</main>
    `;
  }

  /** The skip link's work: the focus past the header's links, on the page itself (a link to #main would be a route). */
  private skipToPage(): void {
    this.renderRoot.querySelector('main')?.focus();
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
