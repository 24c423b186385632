import type { Applicant } from './types';

/**
 * A unit is who must be placed together: one applicant, or a friend group (applicants connected by mutual
 * friend requests). One-sided requests do not bind anyone. `order` is the earliest application in the unit,
 * which decides who gets a seat first when seats run out.
 */
export interface Unit {
  members: Applicant[];
  order: number;
}

export function friendUnits(applicants: readonly Applicant[], orderOf: ReadonlyMap<number, number>): Unit[] {
  const byId = new Map(applicants.map((a) => [a.id, a]));
  const parent = new Map<number, number>(applicants.map((a) => [a.id, a.id]));
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  for (const a of applicants) {
    for (const friendId of a.friendIds) {
      const friend = byId.get(friendId);
      if (friend && friend.id !== a.id && friend.friendIds.includes(a.id)) parent.set(find(a.id), find(friend.id));
    }
  }
  const groups = new Map<number, Applicant[]>();
  for (const a of applicants) {
    const root = find(a.id);
    const list = groups.get(root) ?? [];
    list.push(a);
    groups.set(root, list);
  }
  return [...groups.values()]
    .map((members) => {
      members.sort((x, y) => orderOf.get(x.id)! - orderOf.get(y.id)!);
      return { members, order: orderOf.get(members[0]!.id)! };
    })
    .sort((x, y) => x.order - y.order);
}
