import fs from 'node:fs';
import path from 'node:path';
const dir = process.argv[2];
const byCat = new Map(); const byFn = new Map(); let total = 0;
function cat(url, fn) {
  if (!url) return fn.startsWith('(') ? fn : '(native/builtin)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (m) return m[m.length - 1].replace('node_modules/', '');
  if (url.startsWith('node:')) return 'node:' ;
  const w = url.match(/\/work\/main\/([^/]+(?:\/[^/]+)?)/);
  return w ? w[1] : url.slice(0, 60);
}
for (const f of fs.readdirSync(dir)) {
  if (!f.endsWith('.cpuprofile')) continue;
  const p = JSON.parse(fs.readFileSync(path.join(dir, f)));
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
  for (const [id, us] of dt) {
    const n = nodes.get(id); const c = cat(n.callFrame.url, n.callFrame.functionName);
    byCat.set(c, (byCat.get(c) ?? 0) + us); total += us;
    const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').slice(0,70)}:${n.callFrame.lineNumber}`;
    byFn.set(k, (byFn.get(k) ?? 0) + us);
  }
}
console.log('total s', (total / 1e6).toFixed(1));
for (const [k, v] of [...byCat].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1e6).toFixed(2).padStart(7), (100 * v / total).toFixed(1).padStart(5) + '%', k);
console.log('--- functions');
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1e6).toFixed(2).padStart(7), k);
