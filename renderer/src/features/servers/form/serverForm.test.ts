import { describe, expect, it } from 'vitest';
import { configFromForm, emptyForm, formFieldOf, formFromConfig, splitCommandLine, validateForm } from './serverForm.ts';

describe('server form validation', () => {
  it('names each missing or bad field', () => {
    const errors = validateForm({ ...emptyForm(), cwd: 'relative/dir', env: [{ key: '1BAD', value: 'x' }] }, []);
    expect(errors.name?.key).toBe('form.errors.nameRequired');
    expect(errors.command?.key).toBe('form.errors.commandRequired');
    expect(errors.cwd?.key).toBe('form.errors.cwdAbsolute');
    expect(errors['env.0.key']?.key).toBe('form.errors.envKey');
  });

  it('keeps which env vars and headers the user marked as not secret, through the form and back', () => {
    const stdio = { command: 'npx', env: { API_KEY: '••••••••', LOG_LEVEL: 'debug' }, publicEnv: ['LOG_LEVEL'] };
    const form = formFromConfig('x', stdio);
    expect(form.env).toEqual([{ key: 'API_KEY', value: '••••••••' }, { key: 'LOG_LEVEL', value: 'debug', public: true }]);
    expect(configFromForm(form)).toEqual(stdio);
    const toggled = { ...form, env: form.env.map((p) => ({ ...p, public: p.key === 'API_KEY' })) };
    expect(configFromForm(toggled)).toMatchObject({ publicEnv: ['API_KEY'] });
    const http = { type: 'http' as const, url: 'https://h.example.com/mcp', headers: { Accept: 'text/plain', 'X-Key': '••••••••' }, publicHeaders: ['accept'] };
    const httpForm = formFromConfig('h', http);
    expect(httpForm.headers[0]).toEqual({ key: 'Accept', value: 'text/plain', public: true });
    expect(configFromForm(httpForm)).toMatchObject({ publicHeaders: ['Accept'] });
  });

  it('refuses a name already in use, whatever its case', () => {
    expect(validateForm({ ...emptyForm(), name: 'Memory', command: 'npx' }, ['memory']).name?.key).toBe('form.errors.nameTaken');
  });

  it('checks HTTP URLs and duplicate headers', () => {
    const state = { ...emptyForm(), name: 'remote', transport: 'http' as const, url: 'ftp://x', headers: [{ key: 'X-A', value: '1' }, { key: 'x-a', value: '2' }] };
    const errors = validateForm(state, []);
    expect(errors.url?.key).toBe('form.errors.urlInvalid');
    expect(errors['headers.1.key']?.key).toBe('form.errors.duplicateKey');
    expect(validateForm({ ...state, url: 'https://mcp.example.com/mcp', headers: [] }, [])).toEqual({});
  });

  it('accepts a complete stdio server and ignores blank rows', () => {
    expect(validateForm({ ...emptyForm(), name: 'fs', command: 'npx', env: [{ key: '', value: '' }] }, [])).toEqual({});
  });
});

describe('server form conversion', () => {
  it('round-trips a stdio config and keeps settings the form does not show', () => {
    const previous = { command: 'npx', args: ['-y', 'pkg'], env: { A: '1' }, cwd: '/tmp', enabled: false, tools: { echo: { approval: 'always_allow' as const } }, toolTimeoutMs: 5000 };
    const state = formFromConfig('fs', previous);
    expect(state.toolTimeout).toBe('5');
    expect(configFromForm({ ...state, args: [...state.args, '/data'] }, previous)).toEqual({ ...previous, args: ['-y', 'pkg', '/data'] });
  });

  it('builds an HTTP config with headers', () => {
    const state = { ...emptyForm(), name: 'r', transport: 'http' as const, url: ' https://h/mcp ', headers: [{ key: 'Authorization', value: 'Bearer x' }] };
    expect(configFromForm(state)).toEqual({ type: 'http', url: 'https://h/mcp', headers: { Authorization: 'Bearer x' } });
  });

  it('keeps roots (absolute folders only) and the always-allow-sampling switch, on either transport', () => {
    const config = { command: 'node', roots: ['/home/me/a', 'C:\\work'], allowSampling: true };
    const state = formFromConfig('x', config);
    expect(state.roots).toEqual(['/home/me/a', 'C:\\work']);
    expect(state.allowSampling).toBe(true);
    expect(configFromForm({ ...state, roots: [...state.roots, '  '] })).toEqual(config);
    expect(validateForm({ ...state, roots: ['relative/dir'] }, [])['roots.0']).toEqual({ key: 'form.errors.rootAbsolute' });
    expect(configFromForm({ ...emptyForm(), name: 'r', transport: 'http', url: 'https://h/mcp', roots: ['/srv'] })).toEqual({ type: 'http', url: 'https://h/mcp', roots: ['/srv'] });
    expect(formFieldOf('config.roots.1', state)).toBe('roots.1');
  });

  it('maps host field errors to form fields', () => {
    const state = { ...emptyForm(), env: [{ key: 'TOKEN', value: '••' }] };
    expect(formFieldOf('config.command', state)).toBe('command');
    expect(formFieldOf('env.TOKEN', state)).toBe('env.0.value');
    expect(formFieldOf('name', state)).toBe('name');
  });
});

describe('splitCommandLine', () => {
  it('splits a pasted command honouring quotes', () => {
    expect(splitCommandLine('npx -y @modelcontextprotocol/server-filesystem "/my docs"')).toEqual(['npx', '-y', '@modelcontextprotocol/server-filesystem', '/my docs']);
    expect(splitCommandLine("a 'b c' \"\"")).toEqual(['a', 'b c', '']);
    expect(splitCommandLine('a "b')).toBeUndefined();
  });
});
