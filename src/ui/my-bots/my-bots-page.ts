// The My bots page: people write bots in JavaScript (docs/bot-modules.md) in an editor, test them on a position,
// keep every version in the browser (IndexedDB), export and import them as .mjs files (the same file runs in the
// CLI with --engine NAME=FILE), and find them among the opponents of their game's page and in the arena. A bot
// runs only in a worker of its own, within its time: a bot that loops is ended and the page goes on. Beside the
// editor, the game's reference: what a position, a move and the tools are. Submit to the ladder enters the version
// shown in the server's ladder; the person's entries there are listed below (ladder-entries.ts). Edits not saved are kept while the
// app is open (another page and back), and the page asks before anything drops them.

import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { GameClock } from '../../arena/time-control';
import { type AnyGame, moveLabel } from '../../contracts/game';
import { EngineFault } from '../../engines/engine';
import { gameById, arenaGames } from '../../games';
import { pageStyles } from '../styles';
import { type BotEntry, deleteBot, latestVersion, listBots, MAX_CODE_CHARS, newBotId, onBotsChangedElsewhere, type StoredBot, saveVersion } from './bot-store';
import './code-editor';
import { type CodeEditor, type CodeProblem, problemOf } from './code-editor';
import { type BotLanguage, LANGUAGES, languageOfFile, runnableCode } from './language';
import { botTemplate, gameTypes, TOOL_TYPES } from './template';
import { refreshUserBots, startModule } from './user-bots';
import { downloadText } from '../download';
import type { LadderVersion } from '../../ladder/store';
import { labMe, labRequest } from '../lab/lab-requests';
import './ladder-entries';

/** What "Test on this position" found. */
type TestResult = { readonly move: string; readonly ms: number; readonly log: string } | { readonly error: string };

/** The editor as it was left when the page was left for another of the app's (its edits not saved). */
let draft: { readonly botId?: string; readonly gameId: string; readonly language: BotLanguage; readonly base: string; readonly code: string } | undefined;

@customElement('my-bots-page')
export class MyBotsPage extends LitElement {
  static styles = [
    pageStyles,
    css`
      .bots {
        display: grid;
        grid-template-columns: minmax(14rem, 20rem) 1fr;
        gap: 1rem;
        align-items: start;
      }
      .bots > * {
        min-width: 0;
      }
      /* The ladder's table of entries under both columns, not squeezed into the list's. */
      .bots > ladder-entries {
        grid-column: 1 / -1;
      }
      @media (max-width: 800px) {
        .bots {
          grid-template-columns: minmax(0, 1fr);
        }
      }
      ul {
        list-style: none;
        margin: 0 0 0.75rem;
        padding: 0;
      }
      li button.bot {
        width: 100%;
        text-align: left;
        margin-bottom: 0.3rem;
      }
      li button.bot[aria-current='true'] {
        font-weight: 600;
        outline: 2px solid var(--accent, #2563eb);
      }
      pre {
        white-space: pre-wrap;
        max-height: 12rem;
        overflow: auto;
        margin: 0.4rem 0 0;
      }
      input.position {
        width: min(100%, 32rem);
      }
      details.reference pre {
        max-height: 24rem;
        font-size: 0.85rem;
      }
    `,
  ];

  /** The URL's parameters (none are read). */
  @property({ attribute: false }) params = new URLSearchParams();
  @state() private entries: BotEntry[] = [];
  /** The bot open in the editor (undefined: a new bot, not saved yet). */
  @state() private current?: StoredBot;
  @state() private gameId = arenaGames[0].rules.id;
  /** The language of the bot in the editor. */
  @state() private language: BotLanguage = 'javascript';
  /** The code the editor was given (the text typed since lives in the editor). */
  @state() private code = botTemplate(arenaGames[0]);
  /** Index of the version shown, into the current bot's versions. */
  @state() private version = 0;
  @state() private problem?: CodeProblem;
  @state() private position = '';
  @state() private testMs = 1000;
  @state() private testing = false;
  @state() private result?: TestResult;
  @state() private message = '';
  /** The ladder's page of the bot just submitted. */
  @state() private ladderLink = '';
  @state() private error = '';

  private readonly onUnload = (event: BeforeUnloadEvent) => {
    if (!this.dirty) return;
    event.preventDefault();
    event.returnValue = '';
  };

  connectedCallback(): void {
    super.connectedCallback();
    this.position = this.startNotation();
    window.addEventListener('beforeunload', this.onUnload);
    this.stopWatching = onBotsChangedElsewhere(() => void this.refresh());
    void this.refresh().then(() => this.restoreDraft());
  }

  private stopWatching = () => {};

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('beforeunload', this.onUnload);
    this.stopWatching();
    // Left for another page of the app: the edits wait for the way back.
    draft = this.dirty ? { botId: this.current?.id, gameId: this.gameId, language: this.language, base: this.code, code: this.editor.value } : undefined;
  }

  /** The edits left on another page of the app, back in the editor (still not saved). */
  private restoreDraft(): void {
    if (!draft) return;
    const { botId, gameId, language, base, code } = draft;
    draft = undefined;
    this.current = this.entries.find((entry): entry is StoredBot => !('unreadable' in entry) && entry.id === botId);
    if (this.current) this.version = this.current.versions.length - 1;
    this.gameId = gameId;
    this.language = language;
    this.setCode(base);
    void this.updateComplete.then(() => {
      this.editor.code = code;
      this.message = 'Your edits, not saved yet, are back in the editor.';
    });
  }

  /** Whether the editor holds edits that are not saved. */
  private get dirty(): boolean {
    const editor = this.renderRoot.querySelector('code-editor');
    return !!editor && editor.value !== this.code;
  }

  /** Whether the editor's edits may go: none, or the person says so. */
  private discardEdits(): boolean {
    return !this.dirty || confirm('The editor has changes that are not saved. Discard them?');
  }

  private get game(): AnyGame {
    return gameById(this.gameId);
  }

  private get editor(): CodeEditor {
    return this.renderRoot.querySelector('code-editor')!;
  }

  private startNotation(): string {
    const { rules, sizes } = this.game;
    return rules.format(rules.start(1, sizes?.default));
  }

  render() {
    const bots = this.entries.filter((entry): entry is StoredBot => !('unreadable' in entry));
    const unreadable = this.entries.filter((entry) => 'unreadable' in entry);
    return html`
      <h1>My bots</h1>
      <p class="hint">Write a bot in JavaScript or TypeScript: it gets the game's rules as tools and returns a move. Saved bots are kept in this
        browser with every version, and play on their game's page and in the arena like ours.</p>
      <div class="bots">
        <section class="panel" aria-label="Bots">
          <h2>Bots</h2>
          <ul>
            ${bots.map((bot) => {
              const latest = latestVersion(bot);
              return html`<li><button class="bot" aria-current=${bot.id === this.current?.id ? 'true' : 'false'} @click=${() => this.open(bot)}>
                ${latest.identity?.name ?? bot.id} <span class="hint">(${gameById(bot.game).rules.title}, ${bot.versions.length} version${bot.versions.length === 1 ? '' : 's'}${latest.identity ? '' : ', does not load'})</span>
              </button></li>`;
            })}
            ${unreadable.map(
              (entry) => html`<li>${entry.id}: not a bot (${'unreadable' in entry ? entry.unreadable : ''})
                <button @click=${() => void this.removeBot(entry.id)} aria-label="Delete the unreadable entry">Delete</button></li>`,
            )}
          </ul>
          ${bots.length === 0 ? html`<p class="hint">No bots yet.</p>` : ''}
          <div class="controls">
            <label>Game
              <select aria-label="Game" @change=${(e: Event) => this.selectGame((e.target as HTMLSelectElement).value)}>
                ${arenaGames.map((game) => html`<option value=${game.rules.id} ?selected=${game.rules.id === this.gameId}>${game.rules.title}</option>`)}
              </select>
            </label>
            <button @click=${() => this.newBot()}>New bot</button>
            <label class="button">Import <input type="file" accept=".mjs,.js,.ts,.mts,text/javascript" aria-label="Import a bot file" hidden @change=${(e: Event) => void this.importFile(e.target as HTMLInputElement)} /></label>
          </div>
        </section>

        <section class="panel" aria-label="Editor">
          <h2>${this.current ? `${latestVersion(this.current).identity?.name ?? this.current.id} (${this.current.id})` : `New bot for ${this.game.rules.title}`}</h2>
          ${
            this.current && this.current.versions.length > 1
              ? html`<label>Version
                  <select aria-label="Version" @change=${(e: Event) => this.showVersion(Number((e.target as HTMLSelectElement).value))}>
                    ${this.current.versions.map((version, i) => html`<option value=${i} ?selected=${i === this.version}>${i + 1}: ${new Date(version.savedAt).toLocaleString()}</option>`)}
                  </select></label>`
              : ''
          }
          <label>Language
            <select aria-label="Language" @change=${(e: Event) => this.selectLanguage((e.target as HTMLSelectElement).value as BotLanguage)}>
              ${LANGUAGES.map(({ id, label }) => html`<option value=${id} ?selected=${id === this.language}>${label}</option>`)}
            </select></label>
          <code-editor label="Bot code" .code=${this.code} .language=${this.language} .problem=${this.problem} @input=${() => (this.message = '')}></code-editor>
          <div class="controls">
            <button @click=${() => void this.save()}>Save</button>
            <button @click=${() => this.exportFile('mjs')} title="the module that runs, as the CLI's --engine takes it">Export .mjs</button>
            ${this.language === 'typescript' ? html`<button @click=${() => this.exportFile('ts')}>Export .ts</button>` : ''}
            ${this.current ? html`<button @click=${() => void this.removeBot(this.current!.id)}>Delete</button>` : ''}
            ${this.current ? html`<button @click=${() => void this.submitToLadder()} title="the version shown, to the server's ladder of this game">Submit to the ladder</button>` : ''}
          </div>
          ${this.message ? html`<p role="status">${this.message}${this.ladderLink ? html` <a href=${this.ladderLink}>Its page on the ladder</a>` : ''}</p>` : ''}
          ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : ''}
          ${this.failureNote()}
          <details class="reference">
            <summary>What a ${this.game.rules.title} bot gets: the position, a move, the tools</summary>
            <p class="hint">choose(position, tools) is called for each of the bot's moves and returns one of legalMoves() (or its notation,
              as formatMove writes it). In TypeScript these are the template's types; in JavaScript the same objects.</p>
            <pre aria-label="The bot's types">${gameTypes(this.game)}

${TOOL_TYPES}</pre>
          </details>

          <h2>Test on a position</h2>
          <div class="controls">
            <label>Position <input class="position" aria-label="Position" .value=${this.position} @change=${(e: Event) => (this.position = (e.target as HTMLInputElement).value)} /></label>
            <button @click=${() => (this.position = this.startNotation())}>Start position</button>
            <label>Time (ms) <input type="number" min="10" max="60000" .value=${String(this.testMs)}
              @change=${(e: Event) => (this.testMs = Math.min(60_000, Math.max(10, Math.round(Number((e.target as HTMLInputElement).value)) || 1000)))} /></label>
            <button @click=${() => void this.test()} ?disabled=${this.testing}>Test on this position</button>
          </div>
          ${this.testing ? html`<p role="status">Thinking…</p>` : ''}
          ${this.result ? this.resultView(this.result) : ''}
        </section>
        <ladder-entries .game=${this.gameId}></ladder-entries>
      </div>
    `;
  }

  private resultView(result: TestResult) {
    if ('error' in result) return html`<p class="error" aria-label="Test result">${result.error}</p>`;
    // The move as the game's page numbers it, and as the bot gave it where that differs (tic-tac-toe's cells).
    const { rules } = this.game;
    const label = moveLabel(rules, rules.parseMove(result.move));
    return html`<div aria-label="Test result">
      <p>Move <strong>${label}</strong>${label === result.move ? '' : ` (${result.move} in the notation)`} in ${result.ms.toFixed(0)} ms</p>
      ${result.log ? html`<pre aria-label="Log">${result.log}</pre>` : ''}
    </div>`;
  }

  private async refresh(): Promise<void> {
    try {
      this.entries = await listBots();
      await refreshUserBots();
    } catch (error) {
      this.error = `The bots could not be read: ${(error as Error).message}`;
    }
  }

  /** Whether the editor holds a new bot's template, untouched. */
  private get untouched(): boolean {
    return !this.current && this.editor.value === botTemplate(this.game, this.language);
  }

  /** The game of the next new or imported bot; a new bot's untouched template becomes the new game's. */
  private selectGame(id: string): void {
    const untouched = this.untouched;
    this.gameId = id;
    this.position = this.startNotation();
    if (untouched) this.setCode(botTemplate(this.game, this.language));
  }

  /** The language of the code in the editor; a new bot's untouched template becomes the language's. */
  private selectLanguage(language: BotLanguage): void {
    const untouched = this.untouched;
    this.language = language;
    if (untouched) this.setCode(botTemplate(this.game, language));
  }

  private newBot(): void {
    if (!this.discardEdits()) return;
    this.current = undefined;
    this.setCode(botTemplate(this.game, this.language));
    this.position = this.startNotation();
  }

  private open(bot: StoredBot): void {
    if (bot.id !== this.current?.id && !this.discardEdits()) return;
    this.current = bot;
    this.gameId = bot.game;
    this.version = bot.versions.length - 1;
    this.language = latestVersion(bot).language;
    this.setCode(latestVersion(bot).code);
    this.position = this.startNotation();
    const { failure } = latestVersion(bot);
    if (failure) this.problem = problemOf(failure.message);
  }

  /** The last failure of the version shown in a game (its line is marked in the editor). */
  private failureNote() {
    const failure = this.current?.versions[this.version]?.failure;
    if (!failure) return '';
    return html`<p class="error" aria-label="Last failure in a game">In a game (${failure.where}, ${new Date(failure.at).toLocaleString()}): ${failure.message}</p>`;
  }

  private showVersion(index: number): void {
    if (!this.discardEdits()) {
      this.requestUpdate();
      return;
    }
    this.version = index;
    this.language = this.current!.versions[index].language;
    this.setCode(this.current!.versions[index].code);
    this.message = index < this.current!.versions.length - 1 ? 'An older version: Save keeps it as the newest.' : '';
  }

  private setCode(code: string): void {
    this.code = code;
    this.problem = undefined;
    this.result = undefined;
    this.error = '';
    this.message = '';
  }

  /** Loads the code in a worker: what it says of itself, or why it does not load. */
  private async identify(code: string): Promise<{ identity?: Awaited<ReturnType<typeof startModule>>['identity']; error?: string }> {
    try {
      const { engine, identity } = await startModule(code, this.language, this.gameId);
      engine.stop();
      return { identity };
    } catch (error) {
      return { error: error instanceof EngineFault ? error.detail : (error as Error).message };
    }
  }

  /** Keeps the editor's code as the bot's newest version, whether or not it loads (it is offered only if it does). */
  private async save(): Promise<void> {
    const code = this.editor.value;
    this.error = '';
    if (code.length > MAX_CODE_CHARS) {
      this.error = `The code is over ${MAX_CODE_CHARS / 1024} KB.`;
      return;
    }
    const { identity, error } = await this.identify(code);
    const taken = new Set([...this.game.bots.map((bot) => bot.id), ...this.entries.map((entry) => entry.id)]);
    // A bot that does not load yet takes its id from the name its code gives, if the text shows one.
    const named = identity?.name ?? /\bname\s*:\s*(['"`])(.+?)\1/.exec(code)?.[2] ?? 'mine';
    const id = this.current?.id ?? newBotId(named, taken);
    try {
      this.current = await saveVersion(id, this.gameId, {
        code,
        language: this.language,
        savedAt: new Date().toISOString(),
        ...(identity ? { identity: { ...identity, params: [...identity.params] } } : {}),
        ...(error ? { error } : {}),
      });
    } catch (failure) {
      this.error = `The bot could not be saved: ${(failure as Error).message}`;
      return;
    }
    this.version = this.current.versions.length - 1;
    this.code = code;
    this.problem = error ? problemOf(error) : undefined;
    this.message = error
      ? `Saved as version ${this.current.versions.length}, but it does not load (${error}): it plays nowhere until it does.`
      : `Saved as version ${this.current.versions.length}: ${identity!.name} plays on the ${this.game.rules.title} page and in the arena as "${id}".`;
    await this.refresh();
  }

  /** Runs the editor's code (saved or not) on the position, within the time, in a worker of its own. */
  private async test(): Promise<void> {
    const { rules } = this.game;
    let seat: 0 | 1;
    try {
      const position = rules.parse(this.position);
      if (rules.outcome(position)) throw new Error('the game is over in this position');
      seat = rules.seatToMove(position);
    } catch (error) {
      this.result = { error: `The position: ${(error as Error).message}` };
      return;
    }
    this.testing = true;
    this.result = undefined;
    this.problem = undefined;
    try {
      const { engine } = await startModule(this.editor.value, this.language, this.gameId);
      try {
        engine.newGame(seat, {});
        const started = performance.now();
        const { move } = await engine.move(this.position, new GameClock({ moveMs: this.testMs }).moveTime(seat), 1);
        const ms = performance.now() - started;
        try {
          rules.play(rules.parse(this.position), rules.parseMove(move));
        } catch (error) {
          throw new EngineFault('illegal-move', `${move}: ${(error as Error).message}`);
        }
        this.result = { move, ms, log: engine.takeErrors().trim() };
      } finally {
        engine.stop();
      }
    } catch (error) {
      const message = error instanceof EngineFault ? `${error.reason}: ${error.detail}` : (error as Error).message;
      this.result = { error: message };
      this.problem = problemOf(error instanceof EngineFault ? error.detail : message);
    } finally {
      this.testing = false;
    }
  }

  /**
   * The version shown, as the module that runs, to the server's ladder of its game, named as the bot (a name
   * submitted before gets a new version): the server checks it in its sandbox, then validates it and plays it.
   */
  private async submitToLadder(): Promise<void> {
    const shown = this.current!.versions[this.version];
    this.error = '';
    this.message = '';
    this.ladderLink = '';
    try {
      const me = await labMe();
      if (!me.account) throw new Error('Sign in on the Lab page first: the ladder keeps each bot with its owner.');
      const code = runnableCode(shown.code, shown.language);
      const version = await labRequest<LadderVersion>('POST', 'ladder/submit', { body: { game: this.gameId, name: this.current!.id, code }, csrf: me.csrf });
      this.message = `Submitted to the ${this.game.rules.title} ladder as ${version.bot} version ${version.version}: it plays a validation game against itself first.`;
      this.ladderLink = `#/ladder?game=${version.game}&bot=${version.botId}`;
      await this.renderRoot.querySelector('ladder-entries')?.refresh();
    } catch (error) {
      this.error = `It is not on the ladder: ${error instanceof EngineFault ? error.detail : (error as Error).message}`;
    }
  }

  /** Saves the code as a file: `mjs` the module that runs (a TypeScript bot's JavaScript), `ts` a TypeScript bot's own code. */
  private exportFile(extension: 'mjs' | 'ts'): void {
    const name = this.current?.id ?? 'my-bot';
    let text: string;
    try {
      text = extension === 'mjs' ? runnableCode(this.editor.value, this.language) : this.editor.value;
    } catch (error) {
      this.error = `It cannot be exported as JavaScript: ${(error as EngineFault).detail}`;
      return;
    }
    downloadText(`${name}.${extension}`, text, extension === 'mjs' ? 'text/javascript' : 'text/plain');
  }

  /** A .mjs/.js (JavaScript) or .ts/.mts (TypeScript) file becomes a new bot's code in the editor, for the game picked; Save keeps it. */
  private async importFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_CODE_CHARS) {
      this.error = `${file.name} is over ${MAX_CODE_CHARS / 1024} KB: a bot module is a program, not a data file.`;
      return;
    }
    if (!this.discardEdits()) return;
    this.current = undefined;
    this.language = languageOfFile(file.name);
    this.setCode(await file.text());
    this.message = `${file.name} is in the editor: Save keeps it as a bot of ${this.game.rules.title}.`;
  }

  private async removeBot(id: string): Promise<void> {
    if (!confirm('Delete this bot and every version of it from this browser? This cannot be undone (export it first to keep it).')) return;
    try {
      await deleteBot(id);
    } catch (error) {
      this.error = `The bot could not be deleted: ${(error as Error).message}`;
      return;
    }
    if (this.current?.id === id) this.newBot();
    await this.refresh();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'my-bots-page': MyBotsPage;
  }
}
