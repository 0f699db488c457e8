/** Minimal RFC 6570 URI templates for resource templates: list the variables, expand them with the user's values. */

const EXPRESSION = /\{([+#./;?&]?)([^}]*)\}/g;

/** The variable names of a template, in order, without duplicates (`{id}`, `{+path}`, `{?q,lang}`). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(EXPRESSION)) {
    for (const raw of (match[2] ?? '').split(',')) {
      const name = raw.replace(/[*]$|:\d+$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

const OPERATORS: Record<string, { first: string; sep: string; named: boolean; reserved: boolean }> = {
  '': { first: '', sep: ',', named: false, reserved: false },
  '+': { first: '', sep: ',', named: false, reserved: true },
  '#': { first: '#', sep: ',', named: false, reserved: true },
  '.': { first: '.', sep: '.', named: false, reserved: false },
  '/': { first: '/', sep: '/', named: false, reserved: false },
  ';': { first: ';', sep: ';', named: true, reserved: false },
  '?': { first: '?', sep: '&', named: true, reserved: false },
  '&': { first: '&', sep: '&', named: true, reserved: false },
};

function encode(value: string, reserved: boolean): string {
  return reserved ? encodeURI(value).replace(/%25([0-9A-Fa-f]{2})/g, '%$1') : encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Expands a template; empty values are left out the way RFC 6570 leaves out undefined ones. */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(EXPRESSION, (_whole, op: string, list: string) => {
    const spec = OPERATORS[op] ?? OPERATORS['']!;
    const parts: string[] = [];
    for (const raw of list.split(',')) {
      const name = raw.replace(/[*]$|:\d+$/, '').trim();
      const value = values[name];
      if (value === undefined || value === '') continue;
      const encoded = encode(value, spec.reserved);
      parts.push(spec.named ? `${name}=${encoded}` : encoded);
    }
    return parts.length === 0 ? '' : spec.first + parts.join(spec.sep);
  });
}
