// Long-text items (type 2): bold, italic, alignment and undo/redo only. Its own lazy chunk.
import { Paper } from "@mantine/core";
import TextAlign from "@tiptap/extension-text-align";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useState } from "react";
import { richTextIsEmpty } from "./form-model";
import { IdentifierFlags } from "./IdentifierFlags";
import { docText, IdentifierMarks, identifierMarksMeta } from "./identifier-decorations";
import {
  type IdentifierFlag,
  type IdentifierGuard,
  locateFlag,
  REDACTED,
  useIdentifierFlags,
} from "./identifier-marks";
import { AlignIcon, RichTextToolbar } from "./RichTextToolbar";

export interface RichTextProps {
  id: string;
  /** The item's title, naming the formatting toolbar. */
  label: string;
  labelId: string;
  /** The ids of the hint and of the error message, when shown. */
  describedBy?: string;
  invalid?: boolean;
  value: string;
  required?: boolean;
  disabled?: boolean;
  onChange: (html: string) => void;
  /** The patient-identifier guard (ADR 0029): flags are underlined and listed under the editor. */
  identifiers?: IdentifierGuard;
}

export default function RichTextEditor({
  id,
  label,
  labelId,
  describedBy,
  invalid,
  value,
  required,
  disabled,
  onChange,
  identifiers,
}: RichTextProps) {
  const flagsId = `${id}-identifiers`;
  // The text the detector reads; the flags found in it, a moment after typing stops.
  const [plain, setPlain] = useState("");
  const { flags, scanned, resolve } = useIdentifierFlags(plain, identifiers, !disabled);
  const described = [describedBy, flags.length > 0 && flagsId].filter(Boolean).join(" ");
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        bulletList: false,
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        listItem: false,
        listKeymap: false,
        link: false,
        orderedList: false,
        strike: false,
        underline: false,
        dropcursor: false,
      }),
      TextAlign.configure({ types: ["paragraph"] }),
      IdentifierMarks,
    ],
    content: value || "",
    editable: !disabled,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(described ? { "aria-describedby": described } : {}),
        ...(required ? { "aria-required": "true" } : {}),
        // Re-applied on each render (useEditor passes changed options on to the editor).
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "rte-content",
      },
    },
    onTransaction: ({ editor: e, transaction }) => {
      if (transaction.docChanged) setPlain(docText(e.state.doc).text);
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange(richTextIsEmpty(html) ? "" : html);
    },
  });

  // Values set from outside (a reload) replace the content; typing does not loop back.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if ((value || "") !== (richTextIsEmpty(current) ? "" : current)) {
      editor.commands.setContent(value || "", { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) setPlain(docText(editor.state.doc).text);
  }, [editor]);

  // The underlines follow the latest scan; while the text has changed since, they move with it.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const now = docText(editor.state.doc);
    if (now.text !== scanned) return;
    const ranges = flags.flatMap((f) => {
      const from = now.toPos(f.start, false);
      const to = now.toPos(f.end, true);
      return from === null || to === null ? [] : [{ from, to, kind: f.kind }];
    });
    const meta = identifierMarksMeta(editor.state.doc, ranges);
    editor.view.dispatch(editor.state.tr.setMeta(meta.key, meta.value).setMeta("addToHistory", false));
  }, [editor, flags, scanned]);

  /** Replaces the flagged text with "[redacted]": an edit like any other (onUpdate, autosave, undo). */
  const redact = (flag: IdentifierFlag) => {
    if (!editor || editor.isDestroyed) return;
    const now = docText(editor.state.doc);
    const at = locateFlag(now.text, flag);
    const from = at && now.toPos(at.start, false);
    const to = at && now.toPos(at.end, true);
    if (from == null || to == null) return;
    // The Redact button goes with its flag: the caret goes to where the text was.
    editor
      .chain()
      .command(({ tr }) => {
        tr.insertText(REDACTED, from, to);
        return true;
      })
      .focus(from + REDACTED.length, { scrollIntoView: false })
      .run();
  };

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      left: e?.isActive({ textAlign: "left" }) ?? false,
      center: e?.isActive({ textAlign: "center" }) ?? false,
      right: e?.isActive({ textAlign: "right" }) ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const chain = () => editor?.chain().focus();
  return (
    <>
      <Paper withBorder radius="sm" className="rte" data-disabled={disabled || undefined}>
        {!disabled && (
          <RichTextToolbar
            label={label}
            tools={[
              { label: "Bold", icon: <b>B</b>, active: state?.bold, run: () => chain()?.toggleBold().run() },
              {
                label: "Italic",
                icon: <i>I</i>,
                active: state?.italic,
                run: () => chain()?.toggleItalic().run(),
              },
              {
                label: "Align left",
                icon: <AlignIcon kind="left" />,
                active: state?.left,
                run: () => chain()?.setTextAlign("left").run(),
              },
              {
                label: "Centre",
                icon: <AlignIcon kind="center" />,
                active: state?.center,
                run: () => chain()?.setTextAlign("center").run(),
              },
              {
                label: "Align right",
                icon: <AlignIcon kind="right" />,
                active: state?.right,
                run: () => chain()?.setTextAlign("right").run(),
              },
              {
                label: "Undo",
                icon: <span aria-hidden="true">↶</span>,
                disabled: !state?.canUndo,
                run: () => chain()?.undo().run(),
              },
              {
                label: "Redo",
                icon: <span aria-hidden="true">↷</span>,
                disabled: !state?.canRedo,
                run: () => chain()?.redo().run(),
              },
            ]}
          />
        )}
        <EditorContent editor={editor} />
      </Paper>
      {identifiers && (
        <IdentifierFlags
          id={flagsId}
          flags={flags}
          entryId={identifiers.entryId}
          disabled={disabled}
          onRedact={redact}
          onResolved={resolve}
        />
      )}
    </>
  );
}
