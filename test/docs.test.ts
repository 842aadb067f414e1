import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The documents say what is true now (issue 31, part 3): the code cites decision records that
// exist and still hold, every record says when it was made and whether it still holds, and every
// repository path the documents name in backticks is there.

const root = path.resolve(import.meta.dirname, '..');
const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');

// ---------------------------------------------------------------------------------------------
// Temporary allow-lists. Each entry is checked for being still needed: when its file or record
// catches up, the test fails until the entry is deleted, so the lists only shrink.

/**
 * Files that cite the records of the in-memory donor index (those whose Status is "superseded by
 * 064") because they are that index or describe it. Only citations of such records are tolerated
 * here; any other superseded or missing record still fails.
 */
const DONOR_INDEX_FILES: string[] = [];

/** Records that a Status line may name before they exist. */
const RECORDS_BEING_WRITTEN: string[] = [];

/** Repository paths the documents may name before they exist. */
const PATHS_BEING_WRITTEN: string[] = [];

// ---------------------------------------------------------------------------------------------
// Permanent exceptions.

/** History may cite anything: the records themselves, the measurement logs, and the numbered
 * migrations, which stay as an existing database ran them. */
const HISTORY = ['docs/decisions/', 'bench/notes/', 'src/server/db/migrations/'];

/** Backticked tokens that look like paths but name no file of this repository. */
const NOT_REPOSITORY_PATHS: Record<string, string> = {
  'privacy.bn.md': "README: an example of the operator's own SITE_PRIVACY_FILE",
  'src/shared/page-modules.ts': '025: the table that record replaced',
  'create-donation-req-page.tsx': '025: the name that page would take once it moves',
};

// ---------------------------------------------------------------------------------------------
// The repository as files.

/** Plain entries of .gitignore (folders and files made at run time: data/, dist/, bench/results.json...). */
const IGNORED = read('.gitignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#') && !l.includes('*'))
  .map((l) => l.replace(/^\//, '').replace(/\/$/, ''));
const isIgnored = (rel: string) => IGNORED.some((i) => rel === i || rel.startsWith(`${i}/`));

/** Every file and folder of the checkout (folders end in /), without node_modules, .git and what .gitignore names. */
function repositoryEntries(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.name === 'node_modules' || e.name === '.git' || isIgnored(rel)) continue;
      if (e.isDirectory()) {
        out.push(`${rel}/`);
        walk(rel);
      } else out.push(rel);
    }
  };
  walk('');
  return out;
}
const ENTRIES = repositoryEntries();
const FILES = ENTRIES.filter((e) => !e.endsWith('/'));

/** 1-based line of a character offset. */
const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

// ---------------------------------------------------------------------------------------------
// Decision records.

interface DecisionRecord {
  number: string;
  file: string;
  lines: string[];
}

const RECORDS: DecisionRecord[] = FILES.filter((f) => f.startsWith('docs/decisions/') && f.endsWith('.md'))
  .sort()
  .map((file) => ({ number: path.basename(file).slice(0, 3), file, lines: read(file).split('\n') }));
const RECORD_BY_NUMBER = new Map(RECORDS.map((r) => [r.number, r]));

const DATE_LINE = /^Date: (\d{4})-(\d{2})-(\d{2})$/;
const STATUS_LINE = /^Status: (accepted|superseded by (\d{3})|amended by (\d{3}(?:(?:, | and )\d{3})*))(?: \((.+)\))?$/;

/** The record's Status: what it says and the records it names. */
function statusOf(record: DecisionRecord): { kind: 'accepted' | 'superseded' | 'amended'; by: string[] } | undefined {
  const m = STATUS_LINE.exec(record.lines[3] ?? '');
  if (!m) return undefined;
  if (m[2]) return { kind: 'superseded', by: [m[2]] };
  if (m[3]) return { kind: 'amended', by: m[3].split(/, | and /) };
  return { kind: 'accepted', by: [] };
}

describe('the decision records', () => {
  it('are named NNN-kebab-case.md, numbered as their title, with no number used twice', () => {
    for (const { file, number, lines } of RECORDS) {
      expect(path.basename(file), file).toMatch(/^\d{3}-[a-z0-9]+(-[a-z0-9]+)*\.md$/);
      expect(lines[0], file).toMatch(new RegExp(`^# ${number}: \\S`));
    }
    expect(new Set(RECORDS.map((r) => r.number)).size).toBe(RECORDS.length);
  });

  it('open with a blank line, Date: YYYY-MM-DD, Status: accepted | superseded by NNN | amended by NNN, and a blank line', () => {
    for (const { file, lines } of RECORDS) {
      expect(lines[1], `${file}: line 2`).toBe('');
      const date = DATE_LINE.exec(lines[2] ?? '');
      expect(date, `${file}: line 3 is "Date: YYYY-MM-DD", not ${JSON.stringify(lines[2])}`).not.toBeNull();
      const [, y, mo, d] = date!.map(Number);
      const day = new Date(Date.UTC(y!, mo! - 1, d!));
      expect(day.getUTCMonth() === mo! - 1 && day.getUTCDate() === d, `${file}: ${lines[2]} is a real day`).toBe(true);
      expect(lines[3], `${file}: line 4 is "Status: accepted | superseded by NNN | amended by NNN (...)"`).toMatch(STATUS_LINE);
      expect(lines[4], `${file}: line 5`).toBe('');
    }
  });

  it('are superseded or amended only by a later record that exists', () => {
    const problems: string[] = [];
    for (const record of RECORDS) {
      for (const n of statusOf(record)?.by ?? []) {
        if (n <= record.number) problems.push(`${record.file}: ${n} is not later than ${record.number}`);
        if (!RECORD_BY_NUMBER.has(n) && !RECORDS_BEING_WRITTEN.includes(n)) problems.push(`${record.file}: no record ${n}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('wait only for records that are still being written', () => {
    for (const n of RECORDS_BEING_WRITTEN) {
      expect(RECORD_BY_NUMBER.has(n), `record ${n} exists now: remove it from RECORDS_BEING_WRITTEN`).toBe(false);
      expect(RECORDS.some((r) => statusOf(r)?.by.includes(n)), `no Status names ${n}: remove it from RECORDS_BEING_WRITTEN`).toBe(true);
    }
  });

  it('have their measurement logs in bench/notes/NNN-topic.md, each saying which record it belongs to', () => {
    for (const file of FILES.filter((f) => f.startsWith('bench/notes/'))) {
      const m = /^bench\/notes\/(\d{3})-[a-z0-9]+(-[a-z0-9]+)*\.md$/.exec(file);
      expect(m, `${file} is named NNN-topic.md`).not.toBeNull();
      const record = RECORD_BY_NUMBER.get(m![1]!);
      expect(record, `${file}: record ${m![1]} exists`).toBeDefined();
      expect(read(file), `${file} links its record`).toContain(`docs/decisions/${path.basename(record!.file)}`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Citations of decision records in the code.

interface Citation {
  file: string;
  line: number;
  number: string;
  /** The record's file, when the citation is its path. */
  recordFile?: string;
}

/**
 * The records a text cites: "decision NNN", "Decision NNN's", "decisions NNN and MMM",
 * "decisions NNN, MMM or PPP", "decisions NNN to MMM" (each of the range), and paths
 * `docs/decisions/NNN-name.md`. A citation wrapped over comment lines is read as one.
 */
function citationsIn(text: string): { index: number; number: string; file?: string }[] {
  // Line breaks and the comment markers after them become spaces of the same length, so the
  // offsets stay those of the file.
  const flat = text.replace(/\r?\n[ \t]*(?:\/\/+|\*+|--|#+)?/g, (m) => ' '.repeat(m.length));
  const out: { index: number; number: string; file?: string }[] = [];
  for (const m of flat.matchAll(/\bdecisions?\s+(\d{3})\b((?:\s*(?:,\s*and|,|and|or|to|&|\/)\s*\d{3}\b)*)/gi)) {
    const numbers = [m[1]!];
    for (const part of m[2]!.matchAll(/(to\s*)?(\d{3})/gi)) {
      if (part[1]) for (let n = Number(numbers.at(-1)) + 1; n < Number(part[2]); n++) numbers.push(String(n).padStart(3, '0'));
      numbers.push(part[2]!);
    }
    for (const number of numbers) out.push({ index: m.index, number });
  }
  for (const m of flat.matchAll(/docs\/decisions\/(\d{3})-[a-z0-9-]*[a-z0-9]\.md/g)) {
    out.push({ index: m.index, number: m[1]!, file: m[0] });
  }
  return out;
}

/** Files that may cite records: the code, the tests, the benchmarks, the scripts, the documents outside the history. */
const CITING_FILES = FILES.filter(
  (f) =>
    /\.(ts|tsx|js|mjs|cjs|sql|sh|md|html|css)$|^\.ci\//.test(f) &&
    !HISTORY.some((h) => f.startsWith(h)),
);

const CITATIONS: Citation[] = CITING_FILES.flatMap((file) => {
  const text = read(file);
  return citationsIn(text).map(({ index, number, file: recordFile }) => ({ file, line: lineAt(text, index), number, recordFile }));
});

const supersededBy = (n: string) => {
  const record = RECORD_BY_NUMBER.get(n);
  const status = record && statusOf(record);
  return status?.kind === 'superseded' ? status.by[0] : undefined;
};
/** What is wrong with a citation, if anything. */
const problemWith = ({ number: n, recordFile }: Citation) =>
  !RECORD_BY_NUMBER.has(n)
    ? `no record ${n}`
    : recordFile && RECORD_BY_NUMBER.get(n)!.file !== recordFile
      ? `no file ${recordFile} (record ${n} is ${RECORD_BY_NUMBER.get(n)!.file})`
      : supersededBy(n)
        ? `${n} is superseded by ${supersededBy(n)}`
        : undefined;
const tolerated = (c: Citation) => DONOR_INDEX_FILES.includes(c.file) && !c.recordFile && supersededBy(c.number) === '064';

describe('citations of decision records', () => {
  it('reads every form the code uses', () => {
    const numbers = (t: string) => citationsIn(t).map((c) => c.number);
    expect(numbers('(decision 028)')).toEqual(['028']);
    expect(numbers("Decision 026's table")).toEqual(['026']);
    expect(numbers('decisions 016 and 027')).toEqual(['016', '027']);
    expect(numbers('decisions 058, 059 or 060')).toEqual(['058', '059', '060']);
    expect(numbers('decisions 058 to 060')).toEqual(['058', '059', '060']);
    expect(numbers('// the list caches (decisions 016\n// and 027) clear')).toEqual(['016', '027']);
    expect(numbers('see docs/decisions/028-feature-boundaries.md.')).toEqual(['028']);
    expect(numbers('the decision maker; 2 decisions, 120 days')).toEqual([]);
  });

  it('name records that exist and are not superseded', () => {
    const offending = CITATIONS.filter((c) => problemWith(c) && !tolerated(c)).map(
      (c) => `${c.file}:${c.line}: decision ${c.number}: ${problemWith(c)}`,
    );
    expect(offending, 'cite the record that holds now (docs/decisions/); history belongs in the records and bench/notes').toEqual([]);
  });

  it('tolerate the donor index records only in files that still cite them', () => {
    for (const file of DONOR_INDEX_FILES) {
      const cites = CITATIONS.filter((c) => c.file === file && tolerated(c));
      expect(cites.length, `${file} no longer cites a record superseded by 064: remove it from DONOR_INDEX_FILES`).toBeGreaterThan(0);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Backticked repository paths in the documents.

const DOCUMENTS = ['README.md', ...FILES.filter((f) => f.startsWith('docs/') && f.endsWith('.md'))];
const PATH_EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|md|sql|json|sh|css|html|svg|png|webmanifest|ya?ml)$/;
const TOP_FOLDERS = /^(src|docs|bench|scripts|test|e2e|public|\.ci)\//;

/**
 * The backticked tokens of a Markdown text that name a repository path: one word (no space)
 * that ends in a file extension, starts with a top folder of the repository, or with `./`.
 * Not: fenced code, site addresses (`/api/...`, `/dashboard/...`, `/sw.js`), URLs, globs and
 * placeholders (`*`, `<…>`, `{…}`), environment values (`$`, `=`), packages (`@scope/name`),
 * route patterns and ports (`:`), a file type alone (`.tsx`).
 */
function backtickedPaths(markdown: string): { index: number; path: string }[] {
  const text = markdown.replace(/^[ \t]*```[\s\S]*?^[ \t]*```/gm, (m) => m.replace(/[^\n]/g, ' '));
  const out: { index: number; path: string }[] = [];
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const token = m[1]!;
    if (/[\s*<>{}$=@:]/.test(token) || token.startsWith('/') || /^\.[a-z0-9]+$/i.test(token)) continue;
    if (!PATH_EXTENSIONS.test(token) && !TOP_FOLDERS.test(token) && !token.startsWith('./')) continue;
    out.push({ index: m.index, path: token.replace(/^\.\//, '') });
  }
  return out;
}

/** A path exists from the repository root, or as the end of one (`plugins/spa.ts`, written from its feature's folder). */
const exists = (p: string) => {
  const bare = p.replace(/\/$/, '');
  return ENTRIES.some((e) => {
    const entry = e.replace(/\/$/, '');
    return entry === bare || entry.endsWith(`/${bare}`);
  });
};

describe('backticked paths in docs/ and README.md', () => {
  it('reads paths, not addresses, packages or placeholders', () => {
    const paths = (t: string) => backtickedPaths(t).map((p) => p.path);
    expect(paths('`src/server/app.ts`, `plugins/spa.ts`, `./data`, `bench/notes/`, `package.json`')).toEqual([
      'src/server/app.ts',
      'plugins/spa.ts',
      'data',
      'bench/notes/',
      'package.json',
    ]);
    expect(paths('`/api/docs` `/dashboard/profile` `/sw.js` `https://x.org/a.md` `@fastify/swagger` `*-rules.ts`')).toEqual([]);
    expect(paths('`src/web/<feature>/texts.ts` `DATA_DIR/pg-run` `callback/:id` `npm run bench` `LISTEN/NOTIFY` `.tsx`')).toEqual([]);
    expect(paths('```\n`src/nowhere.ts`\n```\n`src/here.ts`')).toEqual(['src/here.ts']);
  });

  it('exist in the repository', () => {
    const missing: string[] = [];
    // A superseded record is history: the files it describes may be gone.
    const history = new Set(RECORDS.filter((r) => statusOf(r)?.kind === 'superseded').map((r) => r.file));
    for (const doc of DOCUMENTS.filter((d) => !history.has(d))) {
      const text = read(doc);
      for (const { index, path: p } of backtickedPaths(text)) {
        if (isIgnored(p.replace(/\/$/, '')) || p in NOT_REPOSITORY_PATHS || PATHS_BEING_WRITTEN.includes(p) || exists(p)) continue;
        missing.push(`${doc}:${lineAt(text, index)}: ${p}`);
      }
    }
    expect(missing, 'a path renamed or moved: name it as it is now').toEqual([]);
  });

  it('wait only for paths that are still to be written, and still named', () => {
    const named = new Set(DOCUMENTS.flatMap((doc) => backtickedPaths(read(doc)).map((p) => p.path)));
    for (const p of PATHS_BEING_WRITTEN) {
      expect(exists(p), `${p} exists now: remove it from PATHS_BEING_WRITTEN`).toBe(false);
      expect(named.has(p), `no document names ${p}: remove it from PATHS_BEING_WRITTEN`).toBe(true);
    }
    for (const p of Object.keys(NOT_REPOSITORY_PATHS)) expect(named.has(p), `no document names ${p}: remove it from NOT_REPOSITORY_PATHS`).toBe(true);
  });
});
