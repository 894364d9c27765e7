// The markup of <napoleonic-game>'s shadow root (its stylesheet is www/style.css). The ids are
// the shadow root's own: several elements on one page each have theirs. `part` names what a
// publisher may style from outside (::part), as listed in custom-elements.json.
export const MARKUP = `
<div id="app" part="app">
  <header id="top" part="header">
    <h1>Napoleonic wargames</h1>
    <span id="title"></span>
    <span id="status" role="status" aria-live="polite">Loading the rules engine…</span>
    <nav class="toolbar" aria-label="Game">
      <button type="button" id="new-game">New game</button>
    </nav>
  </header>

  <div id="error" role="alert" hidden></div>
  <div id="storage-note" role="status" hidden>
    <span id="storage-text"></span>
    <button type="button" id="storage-ok">OK</button>
  </div>

  <section id="start" part="start" aria-labelledby="start-heading" hidden>
    <section id="games" aria-labelledby="games-heading" hidden>
      <h2 id="games-heading">Games in progress</h2>
      <ul id="games-list"></ul>
    </section>
    <h2 id="start-heading">New game</h2>
    <form id="start-form">
      <div class="start-grid">
        <fieldset>
          <legend>Game</legend>
          <label>Game
            <select id="ruleset" name="ruleset"></select>
          </label>
          <label id="scenario-label">Scenario
            <select id="scenario" name="scenario"></select>
          </label>
          <div id="players"></div>
          <fieldset id="how">
            <legend>How to play</legend>
            <label class="check"><input type="radio" name="how" value="screen" id="how-screen" checked> At this screen (hot-seat or against the computer)</label>
            <label class="check"><input type="radio" name="how" value="mail" id="how-mail"> By email (each player on their own device)</label>
            <p id="mail-note" class="note" hidden></p>
          </fieldset>
          <div id="mail-fields" hidden>
            <label>Your side <select id="mail-side"></select></label>
            <label>Your passphrase <input id="mail-pass" type="password" autocomplete="new-password" minlength="8"></label>
            <label>The passphrase again <input id="mail-pass2" type="password" autocomplete="new-password"></label>
            <label class="check"><input type="checkbox" id="mail-remember"> Remember my passphrase on this device</label>
            <p class="note">Your passphrase signs your turns and keeps your dice: you need it for every turn; your opponent never sees it, and no one can get it back for you.</p>
          </div>
          <label id="level-label">Computer level
            <select id="level" name="level">
              <option value="quick">Quick (0.2 s a decision)</option>
              <option value="normal" selected>Normal (1 s a decision)</option>
              <option value="strong">Strong (5 s a decision)</option>
            </select>
          </label>
          <label id="seed-label">Seed for the dice <input id="seed" name="seed" type="number" min="0" max="4294967295" step="1" required></label>
        </fieldset>
        <fieldset id="options">
          <legend>Optional rules</legend>
        </fieldset>
      </div>
      <div class="toolbar">
        <button type="submit" id="start-button" class="primary">Start game</button>
        <button type="button" id="cancel-start" hidden>Back to the game</button>
        <label class="file-button">Play a scenario file… <input type="file" id="scenario-file" accept=".json,application/json"></label>
      </div>
      <p id="start-progress" role="status" hidden></p>
      <p id="start-error" class="inline-error" role="alert" hidden></p>
    </form>
    <section class="start-load" aria-labelledby="start-load-heading">
      <h3 id="start-load-heading">Or load a saved game</h3>
      <label for="start-import-text">Paste a saved game string</label>
      <textarea id="start-import-text" rows="2" spellcheck="false"></textarea>
      <div class="toolbar">
        <button type="button" id="start-import">Load</button>
        <label class="file-button">Load from a file… <input type="file" id="start-import-file" accept=".txt,text/plain"></label>
      </div>
      <p id="start-import-error" class="inline-error" role="alert" hidden></p>
    </section>
    <section class="start-load" aria-labelledby="start-mail-heading">
      <h3 id="start-mail-heading">Open your opponent's turn (by email)</h3>
      <label for="start-mail-text">Paste your opponent's mail, its string or its link</label>
      <textarea id="start-mail-text" rows="2" spellcheck="false"></textarea>
      <div class="toolbar">
        <button type="button" id="start-mail-open">Open</button>
      </div>
      <p id="start-mail-error" class="inline-error" role="alert" hidden></p>
    </section>
  </section>

  <section id="game" hidden>
    <div id="board-area" part="board">
      <div id="board" tabindex="0"></div>
      <div class="zoom-controls" id="zoom-controls" role="group" aria-label="Zoom">
        <button type="button" id="zoom-in" title="Zoom in (+)">+</button>
        <button type="button" id="zoom-out" title="Zoom out (−)">−</button>
        <button type="button" id="zoom-fit" title="Whole map (0)">⤢</button>
      </div>
      <div id="thinking" role="status" hidden>
        <span id="think-text"></span>
        <progress id="think-progress" max="1" value="0" aria-label="Thinking"></progress>
        <button type="button" id="move-now" title="Stop thinking and play the best move found so far">Move now</button>
      </div>
      <section id="outcome" role="status" hidden></section>
      <div id="replay-banner" hidden>
        <span id="replay-text"></span>
        <button type="button" id="replay-exit">Back to the game</button>
      </div>
      <div id="hover-card" hidden></div>
      <div id="chooser" role="dialog" aria-label="Choose an action" hidden></div>
    </div>
    <aside id="side" part="panel" aria-label="Game panel" tabindex="-1">
      <section id="mail-panel" aria-labelledby="mail-heading" hidden>
        <h2 id="mail-heading">By email</h2>
        <p id="mail-state" role="status"></p>
        <div class="toolbar">
          <button type="button" id="mail-unlock" class="primary" hidden>Enter my passphrase</button>
          <button type="button" id="mail-send" class="primary">Send your turn</button>
        </div>
        <div id="mail-out" hidden>
          <p id="mail-summary"></p>
          <label for="mail-text">Paste this into a mail to your opponent</label>
          <textarea id="mail-text" rows="5" readonly></textarea>
          <label for="mail-link">Or send this link</label>
          <input id="mail-link" type="url" readonly>
          <div class="toolbar">
            <button type="button" id="mail-copy">Copy</button>
            <span id="mail-copied" role="status" hidden>Copied.</span>
          </div>
        </div>
        <details id="mail-open-box">
          <summary>Open your opponent's turn</summary>
          <label for="mail-in">Paste your opponent's mail, its string or its link</label>
          <textarea id="mail-in" rows="2" spellcheck="false"></textarea>
          <div class="toolbar"><button type="button" id="mail-receive">Open</button></div>
        </details>
        <p id="mail-error" class="inline-error" role="alert" hidden></p>
        <div id="mail-news-box" hidden>
          <h3>Since your last turn</h3>
          <ol id="mail-news"></ol>
        </div>
        <p id="mail-prints" class="note"></p>
      </section>
      <section id="decide" part="prompt" aria-labelledby="prompt-heading">
        <h2 id="prompt-heading" class="visually-hidden">Now</h2>
        <div class="prompt-row">
          <span id="prompt-side" class="side-badge"></span>
          <p id="prompt" aria-live="polite"></p>
        </div>
        <details id="prompt-rule" hidden><summary></summary><p></p></details>
        <p id="prompt-note" hidden></p>
        <div id="prompt-extra">
          <div id="prompt-piece"></div>
          <div id="prompt-dice" aria-label="Dice of this decision"></div>
        </div>
        <div id="quick" class="toolbar" aria-label="Choices that are not on the map"></div>
        <div id="dice" aria-live="polite"></div>
        <div id="odds" aria-live="polite" hidden></div>
        <div class="toolbar">
          <button type="button" id="undo" title="Take back the last choice (until a die is rolled)">Undo</button>
          <button type="button" id="deselect" hidden>Clear selection</button>
          <span id="undo-note" hidden></span>
        </div>
        <details id="actions-box" open>
          <summary>Legal actions (<span id="action-count">0</span>)</summary>
          <ul id="actions" part="actions" aria-labelledby="prompt-heading"></ul>
        </details>
        <p id="decide-error" class="inline-error" role="alert" hidden></p>
      </section>
      <section id="status-panel" aria-labelledby="status-heading">
        <h2 id="status-heading">Situation</h2>
        <dl id="status-list"></dl>
      </section>
      <section id="log-panel" part="log" aria-labelledby="log-heading">
        <h2 id="log-heading">Log</h2>
        <div class="toolbar" role="group" aria-label="Look at earlier positions">
          <button type="button" id="replay-first" title="The start of the game">Start</button>
          <button type="button" id="replay-back" title="One choice back">◀ Back</button>
          <button type="button" id="replay-forward" title="One choice forward">Forward ▶</button>
          <button type="button" id="replay-live" title="Back to the game">Live</button>
        </div>
        <ol id="log" aria-labelledby="log-heading"></ol>
      </section>
      <section id="saves" part="saves" aria-labelledby="saves-heading">
        <h2 id="saves-heading">Save, load and share</h2>
        <div class="toolbar">
          <button type="button" id="export">Export</button>
          <button type="button" id="copy">Copy</button>
          <button type="button" id="download">Download</button>
          <button type="button" id="share">Share link</button>
        </div>
        <p id="save-note" role="status" hidden></p>
        <label for="export-text">Saved game string</label>
        <textarea id="export-text" rows="2" readonly></textarea>
        <label for="share-link" id="share-label" hidden>Link to this game</label>
        <input id="share-link" type="url" readonly hidden>
        <label for="import-text">Paste a saved game string</label>
        <textarea id="import-text" rows="2" spellcheck="false"></textarea>
        <div class="toolbar">
          <button type="button" id="import">Load</button>
          <label class="file-button">Load from a file… <input type="file" id="import-file" accept=".txt,text/plain"></label>
        </div>
        <p id="import-error" class="inline-error" role="alert" hidden></p>
      </section>
    </aside>
  </section>
  <div id="curtain" role="dialog" aria-modal="true" aria-labelledby="curtain-text" hidden>
    <div class="curtain-box">
      <p id="curtain-text"></p>
      <button type="button" id="curtain-pass" class="primary"></button>
      <p><button type="button" id="curtain-new" class="curtain-new">Start a new game instead</button></p>
    </div>
  </div>
  <dialog id="mail-ask" aria-labelledby="mail-ask-text">
    <form id="mail-ask-form" method="dialog">
      <p id="mail-ask-text"></p>
      <label>Your passphrase <input id="mail-ask-pass" type="password" autocomplete="current-password"></label>
      <label id="mail-ask-again">The passphrase again <input id="mail-ask-pass2" type="password" autocomplete="new-password"></label>
      <label class="check"><input type="checkbox" id="mail-ask-remember"> Remember my passphrase on this device</label>
      <p id="mail-ask-progress" role="status" hidden></p>
      <p id="mail-ask-error" class="inline-error" role="alert" hidden></p>
      <div class="toolbar">
        <button type="submit" id="mail-ask-ok" class="primary">OK</button>
        <button type="button" id="mail-ask-cancel">Cancel</button>
      </div>
    </form>
  </dialog>
  <dialog id="ask" aria-labelledby="ask-text">
    <form method="dialog">
      <p id="ask-text"></p>
      <div class="toolbar">
        <button value="no" id="ask-no" autofocus></button>
        <button value="yes" id="ask-yes" class="danger"></button>
      </div>
    </form>
  </dialog>
</div>
`;
