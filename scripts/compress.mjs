// Precompress the page's files for scripts/static-server.mjs: beside each file, name.br (brotli,
// quality 11) and name.gz (gzip -9), with Node's own zlib. Prints the sizes.
//   node scripts/compress.mjs www/index.html www/dist www/pkg
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES = new Set(['.html', '.css', '.js', '.mjs', '.wasm', '.json', '.map', '.svg', '.ts']);

async function files(entry) {
  if (!(await stat(entry)).isDirectory()) return [entry];
  const names = await readdir(entry);
  return (await Promise.all(names.map((n) => files(path.join(entry, n))))).flat();
}

const all = (await Promise.all(process.argv.slice(2).map(files))).flat().filter((f) => TYPES.has(path.extname(f)));
for (const file of all) {
  const body = await readFile(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  await writeFile(file + '.br', br);
  await writeFile(file + '.gz', gz);
  if (!file.endsWith('.map')) console.log(`    ${file}: ${body.length} bytes, ${gz.length} gzip, ${br.length} brotli`);
}
