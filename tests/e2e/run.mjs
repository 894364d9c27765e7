// End-to-end tests of the page in a real headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core). Serves www/ itself on a free port and runs every suite, each in a fresh
// browser profile, then checks that no console error and no request outside the page's own files
// happened. Screenshots go to test-results/, timings to test-results/perf.json.
//
//   node tests/e2e/run.mjs                 (after scripts/build.sh)
//   node tests/e2e/run.mjs board narrow    (only these suites)
//   CHROMIUM=/path/to/chromium HEADFUL=1 node tests/e2e/run.mjs
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { check, checkBuilt, openBrowser, passedCount, RESULTS, serve, WWW } from './lib.mjs';
import shell from './shell.mjs';
import board, { desktop, narrow } from './board.mjs';
import battle from './battle.mjs';
import areas from './areas.mjs';
import variant from './variant.mjs';
import computer from './computer.mjs';
import table, { tablePhone } from './table.mjs';
import player from './player.mjs';
import deploy from './deploy.mjs';
import hexmap, { hexmapPhone } from './hexmap.mjs';
import games, { gamesPhone } from './games.mjs';
import loading, { loadingPhone } from './loading.mjs';
import mail, { mailPhone } from './mail.mjs';
import element from './element.mjs';

const SUITES = [
  { name: 'shell', run: shell },
  { name: 'board', run: board },
  { name: 'desktop', run: desktop },
  { name: 'narrow', run: narrow, viewport: { width: 390, height: 844 }, extra: { hasTouch: true, isMobile: true } },
  { name: 'battle', run: battle },
  { name: 'areas', run: areas },
  { name: 'variant', run: variant },
  { name: 'computer', run: computer },
  { name: 'table', run: table },
  { name: 'table-phone', run: tablePhone, viewport: { width: 390, height: 844 }, extra: { hasTouch: true, isMobile: true } },
  { name: 'player', run: player },
  { name: 'deploy', run: deploy },
  { name: 'hexmap', run: hexmap, viewport: { width: 1366, height: 900 } },
  { name: 'hexmap-phone', run: hexmapPhone, viewport: { width: 390, height: 844 }, extra: { hasTouch: true, isMobile: true } },
  { name: 'games', run: games, viewport: { width: 1366, height: 900 } },
  { name: 'games-phone', run: gamesPhone, viewport: { width: 390, height: 844 }, extra: { hasTouch: true, isMobile: true } },
  { name: 'loading', run: loading, viewport: { width: 1366, height: 900 } },
  { name: 'loading-phone', run: loadingPhone, viewport: { width: 390, height: 844 }, extra: { hasTouch: true, isMobile: true } },
  { name: 'mail', run: mail },
  { name: 'mail-phone', run: mailPhone, viewport: { width: 390, height: 844 }, extra: { hasTouch: true, isMobile: true } },
  { name: 'element', run: element },
];

async function main() {
  await checkBuilt();
  const only = process.argv.slice(2);
  const server = await serve(WWW);
  const origin = `http://127.0.0.1:${server.address().port}`;
  console.log(`e2e: serving ${WWW} at ${origin}`);
  const perf = {};
  let failed = null;
  try {
    for (const suite of SUITES) {
      if (only.length && !only.includes(suite.name)) continue;
      console.log(`\n-- ${suite.name}`);
      const t0 = Date.now();
      const b = await openBrowser(origin, suite.viewport, suite.extra);
      try {
        await suite.run({ page: b.page, origin, perf });
        check(b.consoleErrors.length === 0, `${suite.name}: no console errors, page errors or failed requests`, b.consoleErrors);
        check(b.outside.length === 0, `${suite.name}: no requests outside the served origin`, b.outside);
      } catch (e) {
        await b.page.screenshot({ path: path.join(RESULTS, `failure-${suite.name}.png`) }).catch(() => {});
        if (b.consoleErrors.length) console.error(`      console: ${b.consoleErrors.join('\n      ')}`);
        throw e;
      } finally {
        await b.close();
      }
      console.log(`   (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    }
  } catch (e) {
    failed = e;
  } finally {
    server.close();
  }
  if (Object.keys(perf).length) {
    perf.browser = 'headless Debian Chromium (playwright-core), 1280x800';
    perf.targets = { loadToFirstHighlightMs: 300, clickToRedrawMs: 16 };
    await writeFile(path.join(RESULTS, 'perf.json'), JSON.stringify(perf, null, 2) + '\n');
    const l = perf.loadToFirstHighlight;
    const c = perf.clickToRedraw;
    console.log('\ne2e: timings (test-results/perf.json)');
    if (l) console.log(`      load to first highlighted legal move: median ${l.medianPainted?.toFixed(0)} ms painted (${l.medianDom?.toFixed(0)} ms in the DOM); target < 300 ms`);
    const bc = perf.battleClickToRedraw;
    if (bc) console.log(`      Field Battle display, click to redraw: median ${bc.median?.toFixed(1)} ms, max ${bc.max?.toFixed(1)} ms over ${bc.clicks} clicks`);
    const cp = perf.computer;
    if (cp) console.log(`      computer, think time per decision: Quick ${cp.quickMedianMs?.toFixed(0)} ms, Normal ${cp.normalMedianMs?.toFixed(0)} ms, Strong ${cp.strongMs?.toFixed(0)} ms`);
    if (c) console.log(`      click to redraw: median ${c.medianBoard?.toFixed(1)} ms, max ${c.maxBoard?.toFixed(1)} ms; select toggle ${c.selectToggle.medianHandler?.toFixed(1)} ms; target < 16 ms`);
  }
  if (failed) throw failed;
  console.log(`\ne2e: all ${passedCount()} checks passed; screenshots in test-results/`);
}

main().catch((e) => {
  console.error(`\ne2e: FAILED: ${e.check ? e.message : e.stack ?? e}`);
  if (!e.check) console.error('e2e: (an unexpected error, not a failed check)');
  console.error('e2e: screenshots, if any, are in test-results/');
  process.exit(1);
});
