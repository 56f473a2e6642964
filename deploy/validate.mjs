#!/usr/bin/env node
// Checks the Kubernetes manifests offline (`npm run deploy:check`): builds deploy/k8s with kustomize (kubectl's
// built-in one, or a kustomize binary), validates every object against the Kubernetes API schemas of the
// `kubernetes-models` package, and checks what the portal relies on: the role of each Deployment, the probes,
// draining, the event stream's ingress settings, that no Secret is committed, and that every setting passed to the
// API is one it reads. Needs no cluster and no network.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The base to check: deploy/k8s, or the folder given (an overlay's copy, say).
const base = path.resolve(process.argv[2] ?? path.join(root, 'deploy/k8s'));
const problems = [];
const problem = (text) => problems.push(text);

/** The manifests as kustomize builds them. */
function build() {
  const tools = [
    [process.env.KUBECTL ?? 'kubectl', ['kustomize', base]],
    ['kustomize', ['build', base]],
  ];
  for (const [command, args] of tools) {
    try {
      return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      if (err.code === 'ENOENT') continue;
      throw new Error(`${command} ${args.join(' ')} failed:\n${err.stderr || err.message}`, {
        cause: err,
      });
    }
  }
  throw new Error(
    'neither kubectl nor kustomize was found: install one (Debian: apt-get install kubernetes-client)',
  );
}

/** The kubernetes-models class of an object, e.g. apps/v1 Deployment → kubernetes-models/apps/v1/Deployment. */
async function modelOf({ apiVersion, kind }) {
  try {
    const module = await import(`kubernetes-models/${apiVersion}/${kind}`);
    return module[kind];
  } catch {
    return null;
  }
}

async function validateSchema(object, where) {
  const Model = await modelOf(object);
  if (!Model) return problem(`${where}: no schema for ${object.apiVersion} ${object.kind}`);
  try {
    new Model(object).validate();
  } catch (err) {
    problem(`${where}: ${err.message}`);
  }
}

const documents = (text, file) =>
  parseAllDocuments(text).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
    return doc.toJSON();
  });

let built;
try {
  built = documents(build(), 'kustomize output').filter(Boolean);
} catch (err) {
  process.stderr.write(`deploy/k8s cannot be built: ${err.message}\n`);
  process.exit(1);
}
const nameOf = (o) => `${o.kind}/${o.metadata?.name}`;
const all = (kind) => built.filter((o) => o.kind === kind);
const one = (kind, name) => built.find((o) => o.kind === kind && o.metadata?.name === name);

for (const object of built) await validateSchema(object, nameOf(object));

// The settings the API reads are those .env.example lists (set or commented out).
const known = new Set(
  [
    ...fs
      .readFileSync(path.join(root, '.env.example'), 'utf8')
      .matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm),
  ].map((m) => m[1]),
);
const checkKeys = (keys, where) => {
  for (const key of keys)
    if (!known.has(key)) problem(`${where}: ${key} is not a setting of the API`);
};

// Secrets are referenced, never committed; the example is valid but not part of the build.
for (const secret of all('Secret'))
  problem(`${nameOf(secret)}: a Secret must not be part of the build`);
const example = documents(
  fs.readFileSync(path.join(base, 'secret.example.yaml'), 'utf8'),
  'secret.example.yaml',
);
for (const secret of example) {
  await validateSchema(secret, `secret.example.yaml ${nameOf(secret)}`);
  checkKeys(Object.keys(secret.stringData ?? {}), 'secret.example.yaml');
}
const [kustomization] = documents(
  fs.readFileSync(path.join(base, 'kustomization.yaml'), 'utf8'),
  'kustomization.yaml',
);
for (const entry of ['resources', 'components', 'generators'].flatMap(
  (k) => kustomization[k] ?? [],
))
  if (String(entry).endsWith('.example.yaml'))
    problem(`kustomization.yaml: ${entry} is an example and must not be built`);
const secretNames = new Set(example.map((s) => s.metadata.name));

for (const map of all('ConfigMap')) checkKeys(Object.keys(map.data ?? {}), nameOf(map));

const roles = new Map();
for (const deployment of all('Deployment')) {
  const where = nameOf(deployment);
  const pod = deployment.spec.template.spec;
  const labels = deployment.spec.template.metadata?.labels ?? {};
  for (const [key, value] of Object.entries(deployment.spec.selector.matchLabels ?? {}))
    if (labels[key] !== value) problem(`${where}: the selector does not match the pod's labels`);
  for (const container of pod.containers) {
    const at = `${where} container ${container.name}`;
    const role = container.env?.find((e) => e.name === 'ROLE')?.value;
    if (!['web', 'worker'].includes(role)) problem(`${at}: ROLE must be web or worker`);
    else roles.set(role, deployment);
    checkKeys(
      (container.env ?? []).map((e) => e.name),
      at,
    );
    if (container.readinessProbe?.httpGet?.path !== '/api/ready')
      problem(`${at}: the readiness probe must ask /api/ready`);
    if (container.livenessProbe?.httpGet?.path !== '/api/health')
      problem(`${at}: the liveness probe must ask /api/health`);
    for (const source of container.envFrom ?? []) {
      if (source.configMapRef && !one('ConfigMap', source.configMapRef.name))
        problem(`${at}: no ConfigMap ${source.configMapRef.name}`);
      if (source.secretRef && !secretNames.has(source.secretRef.name))
        problem(
          `${at}: the Secret ${source.secretRef.name} is not described in secret.example.yaml`,
        );
    }
    if (role === 'web') {
      const sleep = container.lifecycle?.preStop?.exec?.command ?? [];
      const seconds = Number(sleep[sleep.length - 1]);
      if (sleep[0] !== 'sleep' || !(seconds > 0))
        problem(`${at}: a preStop sleep must let the endpoints go before SIGTERM`);
      // The process allows itself 10 s to finish the requests under way (server.ts).
      else if ((pod.terminationGracePeriodSeconds ?? 30) < seconds + 10)
        problem(
          `${where}: terminationGracePeriodSeconds must cover the preStop sleep and 10 s of draining`,
        );
    }
  }
}
for (const role of ['web', 'worker'])
  if (!roles.has(role)) problem(`no Deployment with ROLE=${role}`);

const web = roles.get('web');
const selects = (selector) =>
  web &&
  Object.entries(selector ?? {}).every(
    ([key, value]) => web.spec.template.metadata.labels[key] === value,
  );
for (const service of all('Service'))
  if (!selects(service.spec.selector)) problem(`${nameOf(service)}: does not select the web pods`);
for (const budget of all('PodDisruptionBudget'))
  if (!selects(budget.spec.selector.matchLabels))
    problem(`${nameOf(budget)}: does not select the web pods`);
for (const hpa of all('HorizontalPodAutoscaler'))
  if (!one(hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name))
    problem(`${nameOf(hpa)}: scales a Deployment that is not there`);
for (const kind of ['Service', 'Ingress', 'PodDisruptionBudget', 'HorizontalPodAutoscaler'])
  if (all(kind).length === 0) problem(`no ${kind}`);

// The live status stream is not buffered, and stays open longer than its heartbeat interval.
const events = all('Ingress').find((ingress) =>
  ingress.spec.rules?.some((rule) => rule.http?.paths?.some((p) => p.path === '/api/events')),
);
if (!events) problem('no Ingress for /api/events');
else {
  const a = events.metadata.annotations ?? {};
  if (a['nginx.ingress.kubernetes.io/proxy-buffering'] !== 'off')
    problem(`${nameOf(events)}: proxy-buffering must be off`);
  if (!(Number(a['nginx.ingress.kubernetes.io/proxy-read-timeout']) >= 300))
    problem(`${nameOf(events)}: proxy-read-timeout must be long (300 s or more)`);
}

if (problems.length > 0) {
  process.stderr.write(`deploy/k8s has problems:\n- ${problems.join('\n- ')}\n`);
  process.exit(1);
}
process.stdout.write(
  `deploy/k8s: ${built.length} objects built and valid (${built.map(nameOf).join(', ')})\n`,
);
