/** electron-builder.yml against electron-builder's own JSON schema (app-builder-lib/scheme.json), and the icon set. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateBuilderConfig, validateBuilderConfigText } from '../../scripts/electron-checks/builderConfig.ts';

const root = join(import.meta.dirname, '..', '..');
const yaml = readFileSync(join(root, 'electron-builder.yml'), 'utf8');

describe('electron-builder.yml', () => {
  it('is valid against electron-builder’s schema and the packaging rules', () => {
    const report = validateBuilderConfig(root);
    expect(report.problems).toEqual([]);
    expect(report.schemaVersion).toMatch(/^26\./);
  });

  it('fails, naming the place, when a key is misspelt or mistyped', () => {
    const misspelt = validateBuilderConfigText(yaml.replace('productName: Switchboard', 'productName: Switchboard\nprodcutName: Oops'), root);
    expect(misspelt.problems.join('\n')).toContain('"prodcutName"');
    const mistyped = validateBuilderConfigText(yaml.replace('asar: true', 'asar: 12'), root);
    expect(mistyped.problems.some((problem) => problem.startsWith('/asar'))).toBe(true);
  });

  it('fails when sources would be packaged, a target is missing or an icon is absent', () => {
    expect(validateBuilderConfigText(yaml.replace('  - package.json', '  - package.json\n  - electron/**/*'), root).problems).toContain('files: only dist/ output and package.json may be packaged');
    expect(validateBuilderConfigText(yaml.replace('    - target: deb\n', ''), root).problems).toContain('linux.target: missing deb');
    expect(validateBuilderConfigText(yaml.replace('resources/icon.icns', 'resources/missing.icns'), root).problems).toContain('mac.icon: missing file resources/missing.icns');
  });

  it('fails when sharp\'s native files would stay inside the asar (they cannot be loaded from there)', () => {
    expect(validateBuilderConfigText(yaml.replace('  - node_modules/@img/**/*\n', ''), root).problems).toContain("asarUnpack: must include node_modules/@img/**/* (sharp's native files)");
  });

  it('fails when a hardening fuse is off: Node mode, asar-only loading, asar integrity', () => {
    expect(validateBuilderConfigText(yaml.replace('runAsNode: false', 'runAsNode: true'), root).problems).toContain('electronFuses.runAsNode: must be false');
    expect(validateBuilderConfigText(yaml.replace('onlyLoadAppFromAsar: true', 'onlyLoadAppFromAsar: false'), root).problems).toContain('electronFuses.onlyLoadAppFromAsar: must be true');
    expect(validateBuilderConfigText(yaml.replace('  enableEmbeddedAsarIntegrityValidation: true\n', ''), root).problems).toContain('electronFuses.enableEmbeddedAsarIntegrityValidation: must be true');
  });
});

describe('icon set', () => {
  function pngSize(path: string): { width: number; height: number } {
    const bytes = readFileSync(path);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }

  it('has a PNG for every size from 16 to 1024, plus .ico and .icns', () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(pngSize(join(root, 'resources', 'icons', `${size}x${size}.png`))).toEqual({ width: size, height: size });
    }
    const ico = readFileSync(join(root, 'resources', 'icon.ico'));
    expect(ico.readUInt16LE(2)).toBe(1); // type 1 = icon
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(6); // images inside
    expect(readFileSync(join(root, 'resources', 'icon.icns')).subarray(0, 4).toString('latin1')).toBe('icns');
    expect(readFileSync(join(root, 'resources', 'icon.svg'), 'utf8')).toContain('<svg');
  });
});
