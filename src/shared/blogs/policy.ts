// Blogs: status moves and who may do what to a blog, one row per action (decision 026). No schema
// library here (the status type is a type-only import): public pages import it.

import type { BlogStatus } from './model';
import { decide, movesInto, type PolicyActor, type PolicyRefusal, type Rule, STAFF_ROLES } from '../access/policy';

/** Blog status moves (spec section 4): exactly one offered move from each status. */
export const BLOG_TRANSITIONS: Record<BlogStatus, readonly BlogStatus[]> = {
  draft: ['published'],
  published: ['unpublish'],
  unpublish: ['draft'],
};
/** The one button the content page offers on a blog, by its status. */
export const nextBlogStatus = (status: BlogStatus): BlogStatus => BLOG_TRANSITIONS[status][0]!;

/** The statuses a move to `to` may start from. */
export const allowedFrom = (to: BlogStatus): BlogStatus[] => movesInto(BLOG_TRANSITIONS, to);

export type BlogAction = 'read' | 'create' | 'edit' | 'changeStatus' | 'delete';

/** Who may do what to a blog. Add a rule by adding a row (and its expected cells in the test). */
export const BLOG_RULES: Record<BlogAction, Rule<BlogStatus, never>> = {
  /**
   * One post, or a list by status (no status: every status): published ones for everyone, signed
   * in or not; the others for staff (a blocked admin or volunteer sees what the public sees).
   */
  read: { write: false, grants: [{ parties: ['anyone'], from: ['published'] }, { roles: STAFF_ROLES }] },
  /** Write a blog (always a draft at first): staff. */
  create: { write: true, grants: [{ roles: STAFF_ROLES }] },
  /**
   * Change a post's title, content or thumbnail, its status kept (issue 38): admins any post;
   * volunteers, who write drafts but do not publish, only posts that are not published (editing a
   * published post is publishing what is in it).
   */
  edit: { write: true, grants: [{ roles: ['admin'] }, { roles: ['volunteer'], from: ['draft', 'unpublish'] }] },
  /** Publish, unpublish, back to draft (the moves: the table above): admins. */
  changeStatus: { write: true, grants: [{ roles: ['admin'] }] },
  delete: { write: true, grants: [{ roles: ['admin'] }] },
};

/** A blog as a rule sees it: its status (none: a list of every status). */
export interface BlogResource {
  status?: BlogStatus;
}

/** Null when the table allows the action, else why not. */
export function refusal(actor: PolicyActor | null | undefined, action: BlogAction, blog: BlogResource): PolicyRefusal | null {
  return decide(BLOG_RULES[action], actor, () => false, blog.status);
}

export const can = (actor: PolicyActor | null | undefined, action: BlogAction, blog: BlogResource) => refusal(actor, action, blog) === null;
