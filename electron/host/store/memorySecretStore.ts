/** Secrets kept in memory only; for tests, benchmarks and the conformance client, never for users. */
import type { SecretStore } from '../environment.ts';

/** A SecretStore that forgets everything when the process ends. */
export function memorySecretStore(initial: Record<string, string> = {}): SecretStore {
  const values = new Map(Object.entries(initial));
  return {
    kind: 'file',
    get: (key) => Promise.resolve(values.get(key)),
    set: (key, value) => Promise.resolve(void values.set(key, value)),
    delete: (key) => Promise.resolve(void values.delete(key)),
  };
}
