import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The last step of `npm run build`: every text file of the built app (scripts, styles, HTML, SVG) gets a
// Brotli (.br) and a gzip (.gz) copy beside it, compressed once at their best settings. The server answers a
// browser that accepts them with the copy (@fastify/static's preCompressed), so no request pays for
// compression and a phone on a slow connection downloads about a quarter of the bytes.
//   tsx scripts/compress.ts [--out-dir dist/web]

const root = path.resolve(import.meta.dirname, '..');
const outDirArg = process.argv.indexOf('--out-dir');
const webRoot = path.resolve(root, outDirArg === -1 ? 'dist/web' : process.argv[outDirArg + 1]!);

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

let original = 0;
let brotli = 0;
let count = 0;
for (const file of filesUnder(webRoot).filter((f) => COMPRESSIBLE.test(f))) {
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  // A tiny file can come out larger: the server then sends it as it is.
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  original += content.length;
  brotli += Math.min(br.length, content.length);
  count++;
}
console.log(
  `compressed ${count} files: ${(original / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB with Brotli`,
);
