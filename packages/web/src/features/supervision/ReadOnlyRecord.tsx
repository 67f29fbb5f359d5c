// The reviewee's copy of the record: each page's questions and answers as text (the reviewee may
// not change them), evidence as links that carry the guest token.
import { ITEM_TYPES } from "@cpd/contract";
import { Anchor, Box, Card, Stack, Text, Title, type TitleOrder } from "@mantine/core";
import { useId } from "react";
import { bareList } from "../../lib/bare-list";
import { withToken } from "../../lib/guest-token";
import { type Form, type FormItem, initialValues, visiblePages } from "../forms";
import { answerText } from "./record-text";

function Answer({
  item,
  value,
  form,
  token,
}: {
  item: FormItem;
  value: string | string[];
  form: Form;
  token: string;
}) {
  if (item.type === ITEM_TYPES.upload) {
    const ids = Array.isArray(value) ? value : [];
    const files = ids.flatMap((fid) => form.files.filter((f) => f.id === fid));
    if (files.length === 0) return <Text c="dimmed">No evidence</Text>;
    return (
      <Stack gap={4} {...bareList}>
        {files.map((f) => (
          <li key={f.id}>
            <Anchor href={withToken(f.url, token)} target="_blank" rel="noopener noreferrer">
              {f.filename}
            </Anchor>
          </li>
        ))}
      </Stack>
    );
  }
  const text = answerText(item, value);
  return text ? (
    <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{text}</Text>
  ) : (
    <Text c="dimmed">Not answered</Text>
  );
}

/** The owner's questions read from the reviewee's side: "Your role" is the owner's role. */
const titleFor = (item: FormItem, ownerName: string) =>
  item.identifier === "SupervisionRole" ? `${ownerName}'s role` : item.title;

export function ReadOnlyRecord({
  form,
  token,
  level,
  ownerName,
}: {
  form: Form;
  token: string;
  level: TitleOrder;
  ownerName: string;
}) {
  const id = useId();
  const values = initialValues(form);
  return (
    <Stack gap="md">
      {visiblePages(form, values).map((page, i) => (
        <Card key={page.title} withBorder padding="lg" component="section" aria-labelledby={`${id}-${i}`}>
          <Title order={level} fz="h4" id={`${id}-${i}`} mb="sm">
            {page.title}
          </Title>
          <Stack gap="sm" component="dl" m={0}>
            {page.items
              .filter((item) => item.visible !== false)
              .map((item) => (
                <div key={item.identifier}>
                  <Text component="dt" fw={600}>
                    {titleFor(item, ownerName)}
                  </Text>
                  <Box component="dd" m={0}>
                    <Answer item={item} value={values[item.identifier] ?? ""} form={form} token={token} />
                  </Box>
                </div>
              ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
