// The privacy policy's and terms of use's text (issue 38), the site's own or the operator's file
// (SITE_PRIVACY_FILE, SITE_TERMS_FILE): Markdown's headings (#), lists (- or *) and paragraphs,
// rendered as React elements. Never as HTML: any markup in the file shows as the text it is.

export type Block = { kind: 'heading'; level: 2 | 3; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

/** Splits a text into blocks; a `#` heading is the page's own title, so headings start at h2. */
export function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', items: list });
    list = null;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length <= 2 ? 2 : 3, text: heading[2]!.replace(/\s+#+$/, '') });
    } else if (item) {
      if (paragraph.length > 0) flush();
      (list ??= []).push(item[1]!);
    } else if (list && list.length > 0 && /^\s/.test(raw)) list[list.length - 1] += ` ${line}`;
    else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

export function PolicyText({ text }: { text: string }) {
  return (
    <div className="space-y-4 leading-relaxed">
      {blocksOf(text).map((block, i) => {
        if (block.kind === 'heading') {
          return block.level === 2 ? (
            <h2 key={i} className="pt-2 text-xl font-bold">
              {block.text}
            </h2>
          ) : (
            <h3 key={i} className="pt-1 text-lg font-semibold">
              {block.text}
            </h3>
          );
        }
        if (block.kind === 'list') {
          return (
            <ul key={i} className="list-disc space-y-2 pl-6">
              {block.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{block.text}</p>;
      })}
    </div>
  );
}
