// <code-editor>: a JavaScript or TypeScript editor (CodeMirror 6) in the page, with syntax errors marked inline as one types
// and a problem found by running the code (an exception, a bad export) marked at its line. Fires `input` with
// the code after every change typed; setting `code` replaces the text (without an `input`).

import { javascript } from '@codemirror/lang-javascript';
import { HighlightStyle, syntaxHighlighting, syntaxTree } from '@codemirror/language';
import { type Diagnostic, forceLinting, linter, lintGutter } from '@codemirror/lint';
import { Compartment, StateEffect } from '@codemirror/state';
import { basicSetup, EditorView } from 'codemirror';
import { tags } from '@lezer/highlight';
import { css, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { BotLanguage } from './language';

/** The problem (or the language) changed: the linter runs again though the text did not change. */
const relint = StateEffect.define<null>();

/** A problem of the code at a line (1-based), from running it. */
export interface CodeProblem {
  readonly line: number;
  readonly message: string;
}

/** The line a message of the bot module names (`line 7: TypeError: …`), if it names one. */
export function problemOf(message: string): CodeProblem | undefined {
  const match = /^line (\d+): (.*)$/s.exec(message);
  return match ? { line: Number(match[1]), message: match[2] } : undefined;
}

/**
 * The default highlighting's colours that read below 4.5:1 on white (template strings, the orange #e40),
 * darkened; this style comes after the default, so it wins for these tags.
 */
const READABLE_COLOURS = syntaxHighlighting(
  HighlightStyle.define([
    { tag: [tags.special(tags.string), tags.regexp, tags.escape], color: '#9a3412' },
    { tag: tags.invalid, color: '#b91c1c' },
  ]),
);

@customElement('code-editor')
export class CodeEditor extends LitElement {
  static styles = css`
    :host {
      display: block;
      border: 1px solid var(--border);
      border-radius: 6px;
      overflow: hidden;
      background: #fff;
      color: #111;
    }
    .cm-editor {
      height: var(--editor-height, 26rem);
      font-size: 0.9rem;
    }
  `;

  /** The code shown; set it to replace the text (typing does not set it back). */
  @property() code = '';
  @property({ attribute: false }) problem?: CodeProblem;
  @property() label = 'Code';
  /** How the code is highlighted and parsed for syntax errors. */
  @property() language: BotLanguage = 'javascript';
  private view?: EditorView;
  private readonly syntax = new Compartment();
  private replacing = false;

  /** The text as it is now. */
  get value(): string {
    return this.view?.state.doc.toString() ?? this.code;
  }

  firstUpdated(): void {
    this.createView();
  }

  connectedCallback(): void {
    super.connectedCallback();
    // Moved in the page: the editor is made again (disconnecting destroyed it).
    if (this.hasUpdated && !this.view) this.createView();
  }

  private createView(): void {
    this.view = new EditorView({
      doc: this.code,
      root: this.shadowRoot!,
      parent: this.shadowRoot!,
      extensions: [
        basicSetup,
        READABLE_COLOURS,
        this.syntax.of(this.grammar()),
        lintGutter(),
        linter((view) => this.diagnostics(view), {
          delay: 300,
          needsRefresh: (update) => update.transactions.some((transaction) => transaction.effects.some((effect) => effect.is(relint))),
        }),
        // tabindex: the text is in the tab order anyway (it is editable); said so, the scroller around it counts as reachable by keyboard.
        EditorView.contentAttributes.of({ 'aria-label': this.label, tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !this.replacing) this.dispatchEvent(new CustomEvent('input', { detail: update.state.doc.toString() }));
        }),
      ],
    });
  }

  updated(changed: PropertyValues<this>): void {
    const view = this.view;
    if (!view) return;
    if (changed.has('code') && this.code !== view.state.doc.toString()) {
      this.replacing = true;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: this.code } });
      this.replacing = false;
    }
    if (changed.has('language')) view.dispatch({ effects: this.syntax.reconfigure(this.grammar()) });
    if (changed.has('problem') || changed.has('language')) {
      view.dispatch({ effects: relint.of(null) });
      forceLinting(view);
    }
  }

  private grammar() {
    return javascript({ typescript: this.language === 'typescript' });
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.view?.destroy();
    this.view = undefined;
  }

  /** Syntax errors as the parser finds them, and the problem from running the code. */
  private diagnostics(view: EditorView): Diagnostic[] {
    const found: Diagnostic[] = [];
    syntaxTree(view.state).iterate({
      enter: (node) => {
        if (!node.type.isError || found.length >= 5) return;
        const to = Math.min(view.state.doc.length, Math.max(node.to, node.from + 1));
        found.push({ from: node.from, to, severity: 'error', message: 'syntax error' });
      },
    });
    const { problem } = this;
    if (problem && problem.line >= 1 && problem.line <= view.state.doc.lines) {
      const line = view.state.doc.line(problem.line);
      found.push({ from: line.from, to: line.to, severity: 'error', message: problem.message });
    }
    return found;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'code-editor': CodeEditor;
  }
}
