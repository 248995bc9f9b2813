/**
 * Warnings of the tolerant reading, grouped by kind so that 20,000 faulty elements give one
 * line, not 20,000. A warning may name ids, roles, field names and counts, never a title,
 * content, url or attribute value (wire.md section 8): callers pass only ids here.
 */
export class WarningCollector {
  private readonly groups = new Map<string, { count: number; ids: string[] }>();

  /** Records one occurrence of a kind, with the id it concerns when there is one. */
  add(kind: string, id?: string): void {
    let group = this.groups.get(kind);
    if (!group) {
      group = { count: 0, ids: [] };
      this.groups.set(kind, group);
    }
    group.count += 1;
    if (id !== undefined && group.ids.length < 3) group.ids.push(id);
  }

  /** One line per kind: "2 x: a state that is not a boolean was treated as absent (e.g. row-1, row-2)". */
  lines(): string[] {
    return [...this.groups].map(([kind, { count, ids }]) => {
      const where = ids.length > 0 ? ` (${count > ids.length ? 'e.g. ' : ''}${ids.join(', ')})` : '';
      return `${count === 1 ? '' : `${count} times: `}${kind}${where}`;
    });
  }
}
