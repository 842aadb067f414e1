import { describe, expect, it } from 'vitest';
import { type PolicyActor, type PolicyRefusal, refusal as guardRefusal, rolesOf } from '../access/policy';
import { allowedFrom, BLOG_RULES, BLOG_TRANSITIONS, type BlogAction, can, nextBlogStatus, refusal } from './policy';

// The expected table, written out from the spec (sections 4, 5) and decisions 009 and 026 without
// reading the module: for each action and blog status (`all`: a list of every status), who may.
//   anyone            signed in or not, whatever the account's status
//   admin, volunteer  an active account with that role
//   -                 nobody
// Writes (W) also need an active account.
const ROLES = ['admin', 'volunteer', 'donner'] as const;
const ACCOUNT_STATUSES = ['active', 'blocked'] as const;
const STATUSES = ['draft', 'published', 'unpublish', 'all'] as const;
type Column = (typeof STATUSES)[number];

const EXPECTED: Record<BlogAction, { write: boolean; who: Record<Column, string> }> = {
  read: { write: false, who: { draft: 'admin volunteer', published: 'anyone', unpublish: 'admin volunteer', all: 'admin volunteer' } },
  create: { write: true, who: { draft: 'admin volunteer', published: 'admin volunteer', unpublish: 'admin volunteer', all: 'admin volunteer' } },
  edit: { write: true, who: { draft: 'admin volunteer', published: 'admin', unpublish: 'admin volunteer', all: 'admin' } },
  changeStatus: { write: true, who: { draft: 'admin', published: 'admin', unpublish: 'admin', all: 'admin' } },
  delete: { write: true, who: { draft: 'admin', published: 'admin', unpublish: 'admin', all: 'admin' } },
};

type Viewer = { role: (typeof ROLES)[number]; account: (typeof ACCOUNT_STATUSES)[number] } | null;

const names = (who: string, v: Viewer) =>
  who.split(' ').some((token) => token === 'anyone' || (v !== null && v.account === 'active' && token === v.role));

function expectedRefusal(action: BlogAction, v: Viewer, column: Column): PolicyRefusal | null {
  const row = EXPECTED[action];
  if (row.write && v !== null && v.account !== 'active') return 'blocked';
  // A write by nobody signed in is refused whoever the row names.
  if (!STATUSES.some((s) => names(row.who[s], v)) || (row.write && v === null)) return 'role';
  return names(row.who[column], v) ? null : 'status';
}

function* viewers(): Generator<Viewer> {
  yield null;
  for (const role of ROLES) for (const account of ACCOUNT_STATUSES) yield { role, account };
}

describe('the blog policy table', () => {
  it('has exactly the rows of the expected table', () => {
    expect(Object.keys(BLOG_RULES).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const action of Object.keys(EXPECTED) as BlogAction[]) expect(BLOG_RULES[action].write, action).toBe(EXPECTED[action].write);
  });

  it('answers every (action, viewer, account, blog status) cell as written out', () => {
    let walked = 0;
    for (const action of Object.keys(EXPECTED) as BlogAction[]) {
      for (const v of viewers()) {
        for (const column of STATUSES) {
          const actor: PolicyActor | null = v && { role: v.role, status: v.account };
          const blog = column === 'all' ? {} : { status: column };
          const want = expectedRefusal(action, v, column);
          const where = `${action} ${JSON.stringify(v)} ${column}`;
          expect(refusal(actor, action, blog), where).toBe(want);
          expect(can(actor, action, blog), where).toBe(want === null);
          walked++;
        }
      }
    }
    // 5 actions x (nobody + 3 roles x 2 account statuses) x 4 columns.
    expect(walked).toBe(5 * 7 * 4);
  });

  it('gives the staff routes the roles the rows name, and their guard agrees with the rows', () => {
    expect(rolesOf(BLOG_RULES.create)).toEqual(['admin', 'volunteer']);
    expect(rolesOf(BLOG_RULES.changeStatus)).toEqual(['admin']);
    expect(rolesOf(BLOG_RULES.delete)).toEqual(['admin']);
    // Edit's guard lets both staff roles in; the row then refuses a volunteer a published post.
    expect(rolesOf(BLOG_RULES.edit)).toEqual(['admin', 'volunteer']);
    for (const action of ['create', 'edit', 'changeStatus', 'delete'] as const) {
      for (const role of ROLES) {
        for (const status of ACCOUNT_STATUSES) {
          const actor = { role, status };
          expect(guardRefusal(actor, 'POST', rolesOf(BLOG_RULES[action])) === null, `${action} ${role} ${status}`).toBe(
            can(actor, action, { status: 'draft' }),
          );
        }
      }
    }
  });
});

describe('blog status moves', () => {
  it('offers exactly one move from each status', () => {
    expect(BLOG_TRANSITIONS).toEqual({ draft: ['published'], published: ['unpublish'], unpublish: ['draft'] });
    expect(nextBlogStatus('draft')).toBe('published');
    expect(nextBlogStatus('published')).toBe('unpublish');
    expect(nextBlogStatus('unpublish')).toBe('draft');
  });

  it('reads them backwards', () => {
    expect(allowedFrom('published')).toEqual(['draft']);
    expect(allowedFrom('unpublish')).toEqual(['published']);
    expect(allowedFrom('draft')).toEqual(['unpublish']);
  });
});
