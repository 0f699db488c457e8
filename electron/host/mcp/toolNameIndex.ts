/**
 * Exposed tool names kept up to date one server at a time, always equal to what shared/toolNames.ts's
 * assignToolNames gives for the whole set: only the collision groups a change touches are named again.
 */
import { assignToolNames, baseToolName, identityKey, type ToolIdentity } from '../../../shared/toolNames.ts';

/** One tool whose exposed name changed (`before` undefined: new; `after` undefined: gone). */
export interface NameChange extends ToolIdentity {
  before?: string;
  after?: string;
}

interface Member {
  identity: ToolIdentity;
  key: string;
}

/** Hex digits of a plain collision suffix (shared/toolNames.ts widens it only when two suffixes meet). */
const PLAIN_SUFFIX_DIGITS = 4;

/** Compares identities by code units, as assignToolNames sorts them. */
const compare = (a: Member, b: Member): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The incremental name index. */
export class ToolNameIndex {
  /** Tool names per server. */
  private readonly servers = new Map<string, Set<string>>();
  /** Collision groups by lower-cased base name, members in identity order. */
  private readonly groups = new Map<string, Member[]>();
  private readonly groupOf = new Map<string, string>();
  private readonly nameByKey = new Map<string, string>();
  private readonly identityByName = new Map<string, ToolIdentity>();
  /** Lower-cased suffixed names -> the identity key holding them. */
  private readonly suffixed = new Map<string, string>();
  /** How many names needed a widened suffix; while any do, changes fall back to naming the whole set. */
  private widened = 0;

  /** Exposed name of one tool, if known. */
  exposedName(serverId: string, toolName: string): string | undefined {
    return this.nameByKey.get(identityKey(serverId, toolName));
  }

  /** The tool behind an exposed name. */
  resolve(exposedName: string): ToolIdentity | undefined {
    return this.identityByName.get(exposedName);
  }

  /** Sets one server's tool names (empty: forget the server); answers every name that changed, any server. */
  setServer(serverId: string, toolNames: Iterable<string>): NameChange[] {
    const next = new Set(toolNames);
    const previous = this.servers.get(serverId) ?? new Set<string>();
    const added = [...next].filter((name) => !previous.has(name));
    const removed = [...previous].filter((name) => !next.has(name));
    if (next.size === 0) this.servers.delete(serverId);
    else this.servers.set(serverId, next);
    if (added.length === 0 && removed.length === 0) return [];

    const touched = new Set<string>();
    const createdGroups: string[] = [];
    for (const toolName of removed) {
      const key = identityKey(serverId, toolName);
      const group = this.groupOf.get(key);
      if (group === undefined) continue;
      this.groupOf.delete(key);
      const members = this.groups.get(group)?.filter((m) => m.key !== key) ?? [];
      if (members.length === 0) this.groups.delete(group);
      else this.groups.set(group, members);
      touched.add(group);
    }
    for (const toolName of added) {
      const identity = { serverId, toolName };
      const key = identityKey(serverId, toolName);
      const group = baseToolName(serverId, toolName).toLowerCase();
      this.groupOf.set(key, group);
      const members = this.groups.get(group);
      if (members) insertSorted(members, { identity, key });
      else {
        this.groups.set(group, [{ identity, key }]);
        createdGroups.push(group);
      }
      touched.add(group);
    }

    const changes: NameChange[] = removed.map((toolName) => this.forget(serverId, toolName));
    const local = this.widened === 0 ? this.nameGroups(touched, createdGroups) : undefined;
    if (!local) return [...changes.filter((c) => c.before !== undefined), ...this.renameAll()];
    for (const [key, { identity, name }] of local) {
      const before = this.nameByKey.get(key);
      if (before === name) continue;
      this.setName(key, identity, name, before);
      changes.push({ ...identity, ...(before !== undefined ? { before } : {}), after: name });
    }
    return changes.filter((c) => c.before !== undefined || c.after !== undefined);
  }

  /** Drops a removed tool's name; the change it makes. */
  private forget(serverId: string, toolName: string): NameChange {
    const key = identityKey(serverId, toolName);
    const before = this.nameByKey.get(key);
    if (before !== undefined) this.dropName(key, before);
    return { serverId, toolName, ...(before !== undefined ? { before } : {}) };
  }

  private dropName(key: string, name: string): void {
    this.nameByKey.delete(key);
    // Within a group names can pass from one tool to another: only drop the reverse entry this tool still holds.
    const holder = this.identityByName.get(name);
    if (holder && identityKey(holder.serverId, holder.toolName) === key) this.identityByName.delete(name);
    const lower = name.toLowerCase();
    if (this.suffixed.get(lower) !== key) return;
    this.suffixed.delete(lower);
    if (suffixLength(name) > PLAIN_SUFFIX_DIGITS) this.widened--;
  }

  private setName(key: string, identity: ToolIdentity, name: string, before: string | undefined): void {
    if (before !== undefined) this.dropName(key, before);
    this.nameByKey.set(key, name);
    this.identityByName.set(name, identity);
    const lower = name.toLowerCase();
    if (lower === this.groupOf.get(key)) return;
    this.suffixed.set(lower, key);
    if (suffixLength(name) > PLAIN_SUFFIX_DIGITS) this.widened++;
  }

  /**
   * Names the touched groups on their own. Undefined when that could differ from naming the whole set: a suffix
   * that meets another group's name or suffix, or a new group whose name an existing suffix already holds.
   */
  private nameGroups(touched: Set<string>, created: string[]): Map<string, { identity: ToolIdentity; name: string }> | undefined {
    if (created.some((group) => this.suffixed.has(group))) return undefined;
    const out = new Map<string, { identity: ToolIdentity; name: string }>();
    const fresh = new Set<string>();
    for (const group of touched) {
      const members = this.groups.get(group);
      if (!members) continue;
      const named = assignToolNames(members.map((m) => m.identity));
      for (const member of members) {
        const name = named.exposedName(member.identity.serverId, member.identity.toolName) ?? '';
        const lower = name.toLowerCase();
        if (lower !== group) {
          if (suffixLength(name) > PLAIN_SUFFIX_DIGITS || fresh.has(lower)) return undefined;
          const holder = this.suffixed.get(lower);
          if (this.groups.has(lower) || (holder !== undefined && this.groupOf.get(holder) !== group)) return undefined;
          fresh.add(lower);
        }
        out.set(member.key, { identity: member.identity, name });
      }
    }
    return out;
  }

  /** Names the whole set again (the rare collision of suffixes); answers the names that changed. */
  private renameAll(): NameChange[] {
    const identities: ToolIdentity[] = [];
    for (const [serverId, tools] of this.servers) for (const toolName of tools) identities.push({ serverId, toolName });
    const named = assignToolNames(identities);
    const previous = new Map(this.nameByKey);
    this.nameByKey.clear();
    this.identityByName.clear();
    this.suffixed.clear();
    this.widened = 0;
    const changes: NameChange[] = [];
    for (const entry of named.entries()) {
      const key = identityKey(entry.serverId, entry.toolName);
      const identity = { serverId: entry.serverId, toolName: entry.toolName };
      this.setName(key, identity, entry.exposedName, undefined);
      const before = previous.get(key);
      previous.delete(key);
      if (before !== entry.exposedName) changes.push({ ...identity, ...(before !== undefined ? { before } : {}), after: entry.exposedName });
    }
    for (const [key, before] of previous) {
      const [serverId = '', toolName = ''] = key.split('\u0000');
      changes.push({ serverId, toolName, before });
    }
    return changes;
  }
}

/** Length of the hash after the last `_` of a suffixed name (the hash itself never holds one). */
function suffixLength(name: string): number {
  return name.length - name.lastIndexOf('_') - 1;
}

function insertSorted(members: Member[], member: Member): void {
  let low = 0;
  let high = members.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    const current = members[mid];
    if (current && compare(current, member) < 0) low = mid + 1;
    else high = mid;
  }
  members.splice(low, 0, member);
}
