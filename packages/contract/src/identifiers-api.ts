// The patient-identifier check for integrators (REQ-IDENT-04, ADR 0029): the same detector the SPA
// and the server run, over a text sent to it. Nothing is stored and the text is never logged.
import { Type } from "@sinclair/typebox";
import { endpoint } from "./endpoint.js";
import { IdentifierFinding } from "./identifiers.js";
import { ERROR_MESSAGES, Text } from "./primitives.js";

/** Longest text one scan takes: a long reflection, or the text of a 50-page PDF. */
export const IDENTIFIER_SCAN_MAX_LENGTH = 200_000;
/** Most findings one scan answers; `truncated` says there were more. */
export const IDENTIFIER_SCAN_MAX_FINDINGS = 1_000;

export const IDENTIFIER_SCAN_MESSAGES = {
  tooLong: `The text to check cannot be longer than ${IDENTIFIER_SCAN_MAX_LENGTH.toLocaleString("en-GB")} characters.`,
} as const;

export const IdentifierScanResult = Type.Object({
  findings: Type.Array(IdentifierFinding, { maxItems: IDENTIFIER_SCAN_MAX_FINDINGS }),
  /** More findings than IDENTIFIER_SCAN_MAX_FINDINGS: only the first are listed. */
  truncated: Type.Boolean(),
});

export const scanIdentifiers = endpoint({
  method: "POST",
  path: "/identifiers/scan",
  summary: "Find NHS, CHI and H&C numbers and other patient details in a text",
  description:
    "Runs the patient-identifier check on `text` and answers what it finds, in order of position. " +
    "`start` and `end` are UTF-16 offsets (JavaScript string indices) into the text. Severity " +
    "`identifier` (an NHS number passing its modulus 11 check, an NHS test number, a Northern Ireland " +
    "H&C number, a Scottish CHI number passing modulus 11 or modulus 10) must not leave a record; " +
    "`check` (a full postcode, a labelled date of birth or hospital number, an e-mail address or UK " +
    "phone number that is not the caller's own) is for the writer to judge. A ten-digit number that " +
    "passes no check is not reported. The check runs on this server: the text is neither stored nor logged.",
  tags: ["identifiers"],
  auth: true,
  body: Type.Object(
    {
      text: Text({
        maxLength: IDENTIFIER_SCAN_MAX_LENGTH,
        [ERROR_MESSAGES]: { maxLength: IDENTIFIER_SCAN_MESSAGES.tooLong },
      }),
    },
    { additionalProperties: false },
  ),
  response: IdentifierScanResult,
});
