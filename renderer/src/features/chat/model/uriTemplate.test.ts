import { describe, expect, it } from 'vitest';
import { expandTemplate, templateVariables } from './uriTemplate.ts';

describe('uri templates', () => {
  it('lists variables across operators', () => {
    expect(templateVariables('demo://resource/{id}/{+path}{?q,lang}')).toEqual(['id', 'path', 'q', 'lang']);
  });

  it('expands simple, reserved and query expressions, encoding what must be', () => {
    expect(expandTemplate('demo://resource/dynamic/text/{resourceId}', { resourceId: '7' })).toBe('demo://resource/dynamic/text/7');
    expect(expandTemplate('file:///{+path}', { path: 'a b/c.txt' })).toBe('file:///a%20b/c.txt');
    expect(expandTemplate('x://s/{name}{?q,lang}', { name: 'a/b', q: 'hi there', lang: '' })).toBe('x://s/a%2Fb?q=hi%20there');
  });
});
