import { createInstance } from '@module-federation/runtime';
import {
  createRemoteRegistry,
  RemoteLoadError,
  RemoteVersionError,
  remoteLoadFailure,
} from './registry';

const routes = { mounts: { auth: [] } };

/**
 * What Module Federation's runtime throws when a remote built for `required` asks for the shell's `provided`
 * copy of a strict singleton (the portal's shared configuration for platform and ui).
 */
async function federationConflict(provided: string, required: string): Promise<unknown> {
  const federation = createInstance({
    name: 'shell',
    remotes: [],
    shared: {
      '@waypoint/platform': {
        version: provided,
        lib: () => ({ contract: provided }),
        shareConfig: { singleton: true, requiredVersion: `^${provided}`, strictVersion: true },
      },
    },
  });
  try {
    const factory = await federation.loadShare('@waypoint/platform', {
      customShareInfo: {
        shareConfig: { singleton: true, requiredVersion: required, strictVersion: true },
      },
    });
    return factory;
  } catch (error) {
    return error;
  }
}

describe('the remote registry', () => {
  it("gives a remote the shell's platform when the remote's range allows it", async () => {
    const factory = await federationConflict('1.4.0', '^1.0.0');
    expect(typeof factory).toBe('function');
    expect((factory as () => unknown)()).toEqual({ contract: '1.4.0' });
  });

  it('turns a remote built for another major version into a version error naming both versions', async () => {
    const refusal = await federationConflict('1.4.0', '^2.0.0');
    expect(refusal).toBeInstanceOf(Error);

    const reported: unknown[] = [];
    const registry = createRemoteRegistry({
      load: () => Promise.reject(refusal),
      onError: (error) => reported.push(error),
    });
    const failure = await registry.load('account').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RemoteVersionError);
    expect(failure).toBeInstanceOf(RemoteLoadError);
    expect(failure).toMatchObject({
      remote: 'account',
      packageName: '@waypoint/platform',
      required: '^2.0.0',
      provided: '1.4.0',
      message: 'The account area needs @waypoint/platform ^2.0.0, but the portal provides 1.4.0',
    });
    registry.report(failure, 'account');
    expect(reported).toEqual([failure]);
  });

  it('keeps other load failures as they are, and loads again after retry', async () => {
    const offline = new TypeError('Failed to fetch');
    expect(remoteLoadFailure('apply', offline)).toBe(offline);

    let attempts = 0;
    const registry = createRemoteRegistry({
      load: () => (attempts++ === 0 ? Promise.reject(offline) : Promise.resolve(routes)),
    });
    await expect(registry.load('apply')).rejects.toBe(offline);
    await expect(registry.load('apply')).rejects.toBe(offline);
    registry.retry('apply');
    await expect(registry.load('apply')).resolves.toBe(routes);
    expect(attempts).toBe(2);
  });
});
