// Long-text items (type 2): bold, italic, alignment and undo/redo only. Its own lazy chunk.
import { Paper } from "@mantine/core";
import TextAlign from "@tiptap/extension-text-align";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import { richTextIsEmpty } from "./form-model";
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
}: RichTextProps) {
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
    ],
    content: value || "",
    editable: !disabled,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(required ? { "aria-required": "true" } : {}),
        // Re-applied on each render (useEditor passes changed options on to the editor).
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "rte-content",
      },
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
  );
}
