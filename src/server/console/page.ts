/** The console page's HTML and CSS; its scripts are in page/ (assets.ts). */

export const CONSOLE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>GUI Bridge console</title>
<link rel="stylesheet" href="/console/console.css">
<script type="module" src="/console/app.js"></script>
</head>
<body>
<header>
  <h1>GUI Bridge console</h1>
  <span id="status" role="status">connecting…</span>
  <button id="pause" type="button" disabled>Pause agent</button>
</header>
<form id="token-form" hidden>
  <p>This bridge needs its token. It is kept for this browser tab only (sessionStorage).</p>
  <label>Token <input id="token" type="password" autocomplete="off" required></label>
  <button type="submit">Connect</button>
  <p id="token-error" role="alert"></p>
</form>
<main id="main" hidden>
  <section id="approvals-section" aria-labelledby="approvals-title">
    <h2 id="approvals-title">Waiting for your approval</h2>
    <p id="approvals-empty"></p>
    <ul id="approvals"></ul>
  </section>
  <div class="columns">
    <div class="side">
      <section aria-labelledby="graph-title">
        <h2 id="graph-title">Windows</h2>
        <p class="legend"><span class="operable-mark">operable</span> the agent can act on it now; others are blocked by a modal window.</p>
        <ul id="graph" class="tree"></ul>
      </section>
      <section aria-labelledby="feed-title">
        <h2 id="feed-title">Activity</h2>
        <p class="legend">Every tool call from every client and every notification sent, newest first. Typed text shows as its length.</p>
        <table id="feed">
          <thead><tr><th>time</th><th>client</th><th>what</th><th>arguments</th><th>result</th><th>ms</th></tr></thead>
          <tbody></tbody>
        </table>
      </section>
    </div>
    <section aria-labelledby="windows-title" class="content">
      <h2 id="windows-title">What the agent reads</h2>
      <div id="windows"></div>
    </section>
  </div>
</main>
</body>
</html>
`;

export const CONSOLE_CSS = `
:root { font-family: system-ui, sans-serif; font-size: 14px; color: #1b1f24; background: #f6f7f9; }
body { margin: 0; }
header { display: flex; align-items: center; gap: 1rem; padding: .6rem 1rem; background: #1b1f24; color: #fff; position: sticky; top: 0; z-index: 1; }
header h1 { font-size: 1.1rem; margin: 0; flex: 1; }
#status { font-size: .9rem; opacity: .85; }
body.paused header { background: #8a2b06; }
button { font: inherit; padding: .25rem .7rem; border-radius: 4px; border: 1px solid #888; background: #fff; cursor: pointer; }
button.primary { background: #0b5cad; color: #fff; border-color: #0b5cad; }
button.danger { background: #b3261e; color: #fff; border-color: #b3261e; }
main, #token-form { padding: 1rem; }
section { background: #fff; border: 1px solid #d8dce1; border-radius: 6px; padding: .5rem 1rem 1rem; margin-bottom: 1rem; }
h2 { font-size: 1rem; }
.columns { display: grid; grid-template-columns: minmax(20rem, 2fr) 3fr; gap: 1rem; align-items: start; }
.side { min-width: 0; }
.block-table, .block-list { max-height: 16rem; overflow: auto; }
.tree, .tree ul { list-style: none; padding-left: 1rem; margin: .2rem 0; }
.tree li { margin: .2rem 0; }
.win-node { display: inline-block; padding: .1rem .4rem; border-radius: 4px; border: 1px solid #c5cad1; background: #eef0f3; }
.win-node.operable, .operable-mark { background: #d9f2dc; border: 1px solid #3c8d45; font-weight: 600; padding: 0 .3rem; border-radius: 4px; }
.win-node .blocked { color: #8a2b06; font-size: .85rem; }
.legend { font-size: .85rem; color: #555; }
article.window, article.app-tools { border: 1px solid #d8dce1; border-radius: 6px; padding: .5rem .8rem; margin-bottom: .8rem; }
article.window.operable { border-color: #3c8d45; }
article.window h3 { font-size: 1rem; margin: .2rem 0; }
.meta { color: #555; font-size: .85rem; }
.summary { font-style: italic; }
dl.fields { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.fields dt { font-weight: 600; }
dl.fields dd { margin: 0; }
table { border-collapse: collapse; }
table.block td, table.block th, #feed td, #feed th { border: 1px solid #d8dce1; padding: .15rem .4rem; text-align: left; vertical-align: top; }
.notice { padding: .3rem .6rem; border-radius: 4px; border-left: 4px solid #0b5cad; background: #e8f0fa; margin: .3rem 0; }
.notice.warn { border-color: #b26a00; background: #fff4e0; }
.notice.error { border-color: #b3261e; background: #fdecea; }
.notice.success { border-color: #3c8d45; background: #e8f5e9; }
img.screenshot { max-width: 100%; border: 1px solid #d8dce1; }
.tools { font-size: .85rem; }
.tools code { background: #eef0f3; padding: 0 .2rem; border-radius: 3px; }
.tools .destructive { color: #b3261e; }
.author { display: grid; grid-template-columns: 1fr 1fr; gap: .8rem; }
pre { background: #f3f4f6; padding: .4rem; overflow: auto; max-height: 28rem; font-size: 12px; }
#feed { width: 100%; font-size: .8rem; }
#feed td:nth-child(3), #feed td:nth-child(4) { overflow-wrap: anywhere; }
#feed tr.notification { color: #555; }
#feed td:nth-child(1), #feed td:nth-child(5), #feed td:nth-child(6) { white-space: nowrap; }
#feed tr.owner { background: #fff4e0; }
#feed td.result-ok { color: #2e7d32; }
#feed td.result-error { color: #b3261e; }
#approvals li { display: flex; gap: .6rem; align-items: center; margin: .3rem 0; }
`;
