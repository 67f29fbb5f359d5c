// The patient-identifier guard in the rich-text editor (ADR 0029): the editor's text as the detector
// reads it (blocks and line breaks become "\n", so numbers in two paragraphs never join), a map
// from its offsets back to document positions, and a decoration plugin that underlines the flags.
import type { Node as PmNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { Extension } from "@tiptap/react";

interface Segment {
  offset: number;
  pos: number;
  length: number;
}

interface DocText {
  text: string;
  /** The document position of a text offset (an end offset stays in the text it ends). */
  toPos: (offset: number, isEnd: boolean) => number | null;
}

export function docText(doc: PmNode): DocText {
  let text = "";
  let blocks = 0;
  const segments: Segment[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock) {
      if (blocks++ > 0) text += "\n";
      return true;
    }
    if (node.isText) {
      const t = node.text ?? "";
      segments.push({ offset: text.length, pos, length: t.length });
      text += t;
      return false;
    }
    if (node.isLeaf) text += "\n";
    return true;
  });
  const toPos = (offset: number, isEnd: boolean) => {
    for (const s of segments) {
      const inside = isEnd
        ? offset > s.offset && offset <= s.offset + s.length
        : offset >= s.offset && offset < s.offset + s.length;
      if (inside) return s.pos + (offset - s.offset);
    }
    return null;
  };
  return { text, toPos };
}

const key = new PluginKey<DecorationSet>("identifierMarks");

/** Holds the underlines; they move with edits until the next scan replaces them. */
export const IdentifierMarks = Extension.create({
  name: "identifierMarks",
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: () => DecorationSet.empty,
          apply: (tr, set) => (tr.getMeta(key) as DecorationSet | undefined) ?? set.map(tr.mapping, tr.doc),
        },
        props: { decorations: (state) => key.getState(state) },
      }),
    ];
  },
});

/** The transaction meta that replaces the underlines with `ranges` (document positions). */
export function identifierMarksMeta(doc: PmNode, ranges: { from: number; to: number; kind: string }[]) {
  return {
    key,
    value: DecorationSet.create(
      doc,
      ranges.map((r) =>
        Decoration.inline(r.from, r.to, { class: "identifier-flag", "data-identifier-kind": r.kind }),
      ),
    ),
  };
}
