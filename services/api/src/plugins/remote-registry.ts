import fs from 'node:fs';
import path from 'node:path';
import { RemoteRegistryFile, REMOTE_AREAS, type PublicRemotes } from '@waypoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config, type RemoteName } from '../config';

export type RemoteEntries = Record<RemoteName, string>;

/** How often the registry file is looked at for a change (a stat call; the file is read only when it changed). */
export const REGISTRY_POLL_MS = 500;

/**
 * The file on this server that a same-origin remote address names, or null for an address on another origin or
 * outside the bundle folders: `/remotes/<area>/<file>` is in that area's build, `/releases/<area>/<version>/<file>`
 * in the released versions.
 */
export function localFileOf(config: Config, url: string): string | null {
  const remote = /^\/remotes\/(apply|account|admin)\/(.+)$/.exec(url);
  if (remote) return path.join(config.bundles[remote[1] as RemoteName], remote[2]!);
  const release = /^\/releases\/(.+)$/.exec(url);
  if (release) return path.join(config.bundles.releases, release[1]!);
  return null;
}

/**
 * What is wrong with the addresses a registry file sets, in words an operator can act on. (Those from the
 * environment were checked with the rest of the configuration.)
 */
function problemsOf(config: Config, fromFile: RemoteRegistryFile): string[] {
  const problems: string[] = [];
  for (const area of REMOTE_AREAS) {
    const url = fromFile[area];
    if (!url?.startsWith('/')) continue;
    if (config.isProduction && area === 'admin') {
      problems.push(
        'admin: in production the staff area is served from its own origin, so its address must be an https:// URL',
      );
      continue;
    }
    const ownFolder = url.startsWith(`/remotes/${area}/`) || url.startsWith(`/releases/${area}/`);
    const file = ownFolder ? localFileOf(config, url) : null;
    if (!file) {
      problems.push(`${area}: ${url} is neither under /remotes/${area}/ nor /releases/${area}/`);
    } else if (!fs.existsSync(file)) {
      problems.push(`${area}: ${url} does not exist on this server`);
    }
  }
  return problems;
}

/**
 * Where each area of the portal is deployed, for this environment: the addresses from the environment
 * (`REMOTE_<AREA>_URL`, else each area's bundle on this origin), overridden by the registry file (`REMOTES_FILE`)
 * when there is one. The file is followed while the server runs: pointing an area at another version's
 * manifest releases or rolls back that area for every new page, without restarting the server or touching the
 * shell. A file that cannot be read, is not valid or names a missing release is refused with a logged error, and
 * the addresses in use stay as they were (at start, the server does not start).
 */
export class RemoteRegistry {
  private entries: RemoteEntries;
  private raw: string | null = null;
  private readonly listeners = new Set<(entries: RemoteEntries) => void>();
  private following = false;

  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    const first = this.read();
    if ('problems' in first) {
      throw new ConfigError(first.problems.map((problem) => `REMOTES_FILE ${problem}`));
    }
    this.entries = first.entries;
  }

  /** The addresses in use now. */
  current(): RemoteEntries {
    return this.entries;
  }

  /** The travellers' areas, for `/remotes.json` and the pages: the staff area is handed only to staff. */
  publicEntries(): PublicRemotes {
    return { apply: this.entries.apply, account: this.entries.account };
  }

  /** Called with the new addresses each time they change. */
  onChange(listener: (entries: RemoteEntries) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts following the registry file (nothing to follow without one). */
  follow(): void {
    const file = this.config.remotesFile;
    if (!file || this.following) return;
    this.following = true;
    fs.watchFile(file, { interval: REGISTRY_POLL_MS, persistent: false }, () => this.reload());
  }

  stop(): void {
    if (this.config.remotesFile && this.following) fs.unwatchFile(this.config.remotesFile);
    this.following = false;
  }

  /** Reads the registry file again and applies it when it is valid and says something new. */
  reload(): void {
    const next = this.read();
    if ('problems' in next) {
      this.log.error(
        { remotesFile: this.config.remotesFile, problems: next.problems, inUse: this.entries },
        'The remote registry file was refused; the areas stay where they were',
      );
      return;
    }
    const changed = REMOTE_AREAS.filter((area) => next.entries[area] !== this.entries[area]);
    if (changed.length === 0) return;
    const before = this.entries;
    this.entries = next.entries;
    this.log.info(
      Object.fromEntries(
        changed.map((area) => [area, { from: before[area], to: next.entries[area] }]),
      ),
      'Remote registry changed',
    );
    for (const listener of this.listeners) listener(this.entries);
  }

  private read(): { entries: RemoteEntries } | { problems: string[] } {
    const file = this.config.remotesFile;
    if (!file) return { entries: { ...this.config.remotes } };
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      return { problems: [`${file} cannot be read: ${(err as Error).message}`] };
    }
    if (text === this.raw) return { entries: this.entries };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { problems: [`${file} is not valid JSON`] };
    }
    const parsed = RemoteRegistryFile.safeParse(json);
    if (!parsed.success) {
      return {
        problems: parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || file}: ${issue.message}`,
        ),
      };
    }
    const problems = problemsOf(this.config, parsed.data);
    if (problems.length > 0) return { problems };
    this.raw = text;
    return { entries: { ...this.config.remotes, ...parsed.data } };
  }
}
