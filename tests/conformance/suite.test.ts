import { describe, expect, it } from 'vitest';
import { legsFor, parseScenarioList } from './suite.ts';

const listing = `Client scenarios (test against a client):
  - initialize [2025-06-18,2025-11-25]
  - tools_call [2025-06-18,2025-11-25,2026-07-28]
  - auth/basic-cimd [2025-11-25,2026-07-28]
  - auth/2025-03-26-oauth-endpoint-fallback [2025-03-26]
  - auth/dpop [extension]
  - sep-2640-client-no-prefetch [extension]
`;

describe('conformance scenario selection', () => {
  it('runs every core client scenario at every version the package lists, and no extension', () => {
    expect(legsFor(parseScenarioList(listing), 'client').map((leg) => leg.name)).toEqual([
      'initialize@2025-06-18',
      'initialize@2025-11-25',
      'tools_call@2025-06-18',
      'tools_call@2025-11-25',
      'tools_call@2026-07-28',
    ]);
  });

  it('runs every non-extension auth scenario at every listed version', () => {
    expect(legsFor(parseScenarioList(listing), 'auth')).toEqual([
      { name: 'auth/basic-cimd@2025-11-25', scenario: 'auth/basic-cimd', specVersion: '2025-11-25' },
      { name: 'auth/basic-cimd@2026-07-28', scenario: 'auth/basic-cimd', specVersion: '2026-07-28' },
      { name: 'auth/2025-03-26-oauth-endpoint-fallback@2025-03-26', scenario: 'auth/2025-03-26-oauth-endpoint-fallback', specVersion: '2025-03-26' },
    ]);
  });
});
