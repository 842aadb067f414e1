import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements in its `{holes}`: `rich(t.canYouGive, { name: <strong>…</strong> })`.
 * The words around them stay in the sentence's own order, whatever the language.
 */
export function rich(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text.split(/(\{\w+\})/).map((piece, i) => {
    const key = /^\{(\w+)\}$/.exec(piece)?.[1];
    return <Fragment key={i}>{key !== undefined && key in parts ? parts[key] : piece}</Fragment>;
  });
}
