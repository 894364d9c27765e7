// Serve www/ (or the folder given) on PORT at HOST, precompressed files first (scripts/static-server.mjs).
//   node scripts/serve.mjs [folder]     PORT=8080 HOST=127.0.0.1 by default
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticServer } from './static-server.mjs';

const root = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../www');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
staticServer(root).listen(port, host, () => {
  console.log(`Serving ${root} at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/  (Ctrl-C to stop)`);
});
