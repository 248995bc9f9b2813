/**
 * Warnings of the tolerant reading, grouped by kind so that 20,000 faulty elements give one
 * line, not 20,000. A warning may name ids, roles, field names and counts, never a title,
 * content, url or attribute value (docs/protocol.md#what-never-leaves-the-host): callers pass only ids here.
 */
export class WarningCollector {
  private readonly groups = new Map<string, { count: number; ids: string[]; unlisted: boolean }>();

  /** Records one occurrence of a kind, with the id it concerns when there is one. */
  add(kind: string, id?: string): void {
    let group = this.groups.get(kind);
    if (!group) {
      group = { count: 0, ids: [], unlisted: false };
      this.groups.set(kind, group);
    }
    group.count += 1;
    if (id !== undefined && group.ids.includes(id)) return;
    if (id !== undefined && group.ids.length < 3) group.ids.push(id);
    else group.unlisted = true;
  }

  /** One line per kind: "2 x: a state that is not a boolean was treated as absent (e.g. row-1, row-2)". */
  lines(): string[] {
    return [...this.groups].map(([kind, { count, ids, unlisted }]) => {
      // An id is listed once (one element may have two bad blocks); "e.g." when some are not listed.
      const where = ids.length > 0 ? ` (${unlisted ? 'e.g. ' : ''}${ids.join(', ')})` : '';
      return `${count === 1 ? '' : `${count} times: `}${kind}${where}`;
    });
  }
}
