/* eslint-disable @typescript-eslint/no-require-imports -- the installed versions, read from the packages */
import type * as CV from 'class-validator';
import { acceleratorOff } from '../accelerators-switch';
import { checkOptions } from '../../errors/definition/check-options';
import type { ValidationAccelerator } from '../../metadata/validation-accelerator';
import { cachedExecutor, probeCachedExecutor, type CachedExecutor } from './cached-executor';
import { compiledChecks } from './compiled-check';
import { copyFlatInput } from './copy-flat-input';
import { loadDeepMember, probeDeepMembers } from './deep-members';
import { indexedTargetMetadatas, probeIndexedTargetMetadata } from './indexed-target-metadata';
import { sharedConstraint, probeSharedConstraint } from './shared-constraint';
import { attempt, lazyShortcut } from './shortcut';
import { probeTransformerStorage, transformerMetadata } from './transformer-storage';

/** The minors the shortcuts were written against and probe: another minor takes the public path. */
export const PINNED = { 'class-validator': '0.15', 'class-transformer': '0.5' } as const;

export interface ValidationAcceleratorOptions {
  /** The environment `TESSERA_ACCELERATORS` is read from (the process's by default). */
  env?: Record<string, string | undefined>;
  /** Where the one warning goes when a shortcut stays off (a process warning by default). */
  warn?: (message: string) => void;
  /** The installed version of each package (read from its package.json by default). */
  versions?: Partial<Record<keyof typeof PINNED, string>>;
}

const OPTION_KEYS = { env: true, warn: true, versions: true } as const satisfies Record<
  keyof ValidationAcceleratorOptions,
  true
>;

const processWarning = (message: string) =>
  globalThis.process?.emitWarning?.(message, { code: 'TESSERA_VALIDATION_ACCELERATOR' });

/**
 * The validation accelerator: every shortcut past class-validator's and class-transformer's public API, each
 * opened on its first use behind its probe. Undefined (the public path) with `TESSERA_ACCELERATORS=off`.
 * A package outside its pinned minor turns off the shortcuts that read it, with one warning.
 */
export function openValidationAccelerator(
  options: ValidationAcceleratorOptions = {},
): ValidationAccelerator | undefined {
  checkOptions(options, OPTION_KEYS, 'openValidationAccelerator');
  const warn = options.warn ?? processWarning;
  let off: boolean;
  try {
    off = acceleratorOff('validation', options.env);
  } catch (error) {
    warn(`validation accelerator stays off: ${(error as Error).message}`);
    return undefined;
  }
  if (off) return undefined;
  const pinned = (pkg: keyof typeof PINNED) => () => {
    const version = options.versions?.[pkg] ?? attempt(() => installedVersion(pkg));
    return typeof version === 'string' && version.startsWith(`${PINNED[pkg]}.`)
      ? []
      : [`${pkg} ${version ?? '(not found)'} is not the ${PINNED[pkg]}.x it was written for`];
  };
  const validatorPinned = pinned('class-validator');
  const both =
    (...probes: Array<() => string[]>) =>
    () =>
      probes.flatMap((probe) => probe());

  const store = (): CV.MetadataStorage =>
    (require('class-validator/cjs/metadata/MetadataStorage') as typeof CV).getMetadataStorage();

  const members = lazyShortcut('deep-members', both(validatorPinned, probeDeepMembers), () => loadDeepMember, warn);
  const index = lazyShortcut(
    'indexed-target-metadata',
    both(validatorPinned, () => probeIndexedTargetMetadata(store())),
    () => indexedTargetMetadatas(store()),
    warn,
  );
  const targetMetadatas = (cls: Function) =>
    index()?.(cls) ?? store().getTargetValidationMetadatas(cls, '', false, false);
  const validator = () => new (require('class-validator/cjs/validation/Validator') as typeof CV).Validator();
  const executor = lazyShortcut<CachedExecutor>(
    'cached-executor',
    both(validatorPinned, () => probeCachedExecutor(store(), validator())),
    () => cachedExecutor(store(), validator(), targetMetadatas),
    warn,
  );
  const checks = lazyShortcut(
    'compiled-check',
    both(validatorPinned, () => (executor() ? [] : ['needs the cached executor'])),
    () =>
      compiledChecks({
        store: store(),
        types: (require('class-validator/cjs/validation/ValidationTypes') as typeof CV).ValidationTypes,
        targetMetadata: (cls) => executor()!.targetMetadata(cls),
      }),
    warn,
  );
  const sharing = lazyShortcut('shared-constraint', both(validatorPinned, probeSharedConstraint), () => true, warn);
  const transformer = lazyShortcut(
    'transformer-storage',
    both(pinned('class-transformer'), probeTransformerStorage),
    transformerMetadata,
    warn,
  );

  // A member is looked up once: each lookup is a require() of a package path, which Node resolves anew per call
  // (a package.json read), and createApp asks for the metadata storage once per DTO.
  const loaded = new Map<string, unknown>();
  return {
    loadMember(name) {
      if (loaded.has(name)) return loaded.get(name);
      const load = members();
      if (!load) return undefined;
      try {
        const value = load(name);
        loaded.set(name, value);
        return value;
      } catch (error) {
        warn(`validation accelerator deep-members: ${(error as Error).message}; class-validator's root serves it`);
        return undefined;
      }
    },
    shareConstraints: (name, factory) => (sharing() ? sharedConstraint(name, factory) : undefined),
    targetValidationMetadatas: (cls) => index()?.(cls),
    transformerType(cls, propertyName) {
      const metadata = transformer();
      return metadata ? { type: metadata.typeOf(cls, propertyName) } : undefined;
    },
    validateSync: (object, validatorOptions) => executor()?.validateSync(object, validatorOptions),
    validate: (object, validatorOptions) => executor()?.validate(object, validatorOptions),
    compiledCheck: (cls, validatorOptions) => checks()?.(cls, validatorOptions),
    plainToInstance(cls, value) {
      const metadata = transformer();
      return metadata ? copyFlatInput(metadata, cls, value) : undefined;
    },
  };
}

export function installedVersion(pkg: keyof typeof PINNED): string | undefined {
  const manifest =
    pkg === 'class-validator'
      ? (require('class-validator/package.json') as { version?: string })
      : (require('class-transformer/package.json') as { version?: string });
  return manifest.version;
}
