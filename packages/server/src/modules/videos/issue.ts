// The worker's half of a certificate: render the PDF, keep it in My Files as the evidence of
// a diary entry "Certificate: <video>", and e-mail it. Idempotent: the S3 key derives from the
// certificate id, and the file, the entry and the Issued state are written in one transaction
// under the certificate's row lock, so a retried job makes one file and one entry.
import { londonDay } from "@cpd/contract";
import type { Db } from "../../lib/db.js";
import { greeting, paragraph, renderEmail } from "../../lib/email/render.js";
import type { Mail } from "../../lib/mailer.js";
import type { Storage } from "../../lib/storage.js";
import * as entriesRepo from "../entries/repository.js";
import * as filesRepo from "../files/repository.js";
import { ACTIVITY_TYPES, CURRENT_FORMS, STANDARD_CATEGORIES, standardsFor } from "../forms/definitions.js";
import { entryRow, validateValues } from "../forms/rules.js";
import { currentFormId } from "../forms/service.js";
import { renderCertificatePdf } from "../pdf/certificate.js";
import * as repo from "./repository.js";
import { certificateCategory, certificateTitle, hoursText } from "./rules.js";

export interface IssuedCertificate {
  email: string;
  firstName: string;
  videoName: string;
  filename: string;
  pdf: Buffer;
}

/** Opaque, from our own id: never from the video's name. */
export const certificateKey = (certificateId: string) => `certificates/${certificateId}.pdf`;

/**
 * Issues the certificate (once) and answers what its e-mail needs; null when the certificate,
 * or the video it was asked for before being issued, no longer exists.
 */
export async function issueCertificate(
  db: Db,
  storage: Storage,
  certificateId: string,
  now: Date,
): Promise<IssuedCertificate | null> {
  const cert = await repo.certificateToIssue(db, certificateId);
  if (!cert) return null;
  const profile = cert.user.profile;
  const filename = `Certificate - ${cert.videoName}.pdf`.replace(/[\\/]/g, "-").slice(0, 255);
  const key = certificateKey(cert.id);
  const answer = (pdf: Buffer): IssuedCertificate => ({
    email: cert.user.email,
    firstName: profile?.firstName ?? "",
    videoName: cert.videoName,
    filename,
    pdf,
  });

  const render = (hours: string) =>
    renderCertificatePdf({
      name: `${profile?.firstName ?? ""} ${profile?.lastName ?? ""}`.trim(),
      title: cert.videoName,
      hours,
    });

  if (cert.state === "Issued") {
    // Asked for again (ADR 0018): the kept PDF, or, when the person has deleted it from My Files,
    // the same certificate rendered again (not stored: no file row would list it).
    const stored = await storage.getBytes(key);
    if (stored) return answer(stored);
    return cert.video ? answer(await render(hoursText(Number(cert.video.hours)))) : null;
  }
  if (!cert.video) return null;

  const hours = hoursText(Number(cert.video.hours));
  const pdf = await render(hours);
  // Overwriting the same key on a retry leaves one object.
  await storage.put(key, pdf, "application/pdf", pdf.length);

  const orgCategories = cert.user.organisation?.categories ?? [];
  const categories = orgCategories.length ? orgCategories : STANDARD_CATEGORIES;
  const def = CURRENT_FORMS.diary;
  const formId = await currentFormId({ prisma: db }, "diary");
  // The day it was asked for, in London, whenever the worker gets to it.
  const day = londonDay(cert.createdAt);

  await db.$transaction(async (tx) => {
    if ((await repo.lockCertificate(tx, cert.id)) !== "Queued") return;
    const file = await filesRepo.upsertByStorageKey(
      tx,
      {
        userId: cert.userId,
        storageKey: key,
        filename,
        contentType: "application/pdf",
        size: pdf.length,
      },
      { size: pdf.length },
    );
    const values = validateValues(
      def,
      {
        Field222: certificateTitle(cert.videoName),
        DiaryDate: day,
        DiaryHours: hours,
        ActivityType: "Self-directed learning",
        Field116: certificateCategory(categories),
        ...(cert.reflection ? { Field113: cert.reflection } : {}),
        Evidence: [file.id],
      },
      {
        // The certificate's own activity type is a standard one, whatever the organisation lists.
        sourced: {
          categories,
          standards: standardsFor(profile?.governingBodies ?? []),
          activityTypes: ACTIVITY_TYPES,
        },
        today: day,
      },
    );
    const entry = await entriesRepo.createEntry(tx, {
      userId: cert.userId,
      type: "diary",
      formId,
      ...entryRow(def, values),
    });
    await filesRepo.attachToEntry(tx, file.id, entry.id);
    await repo.markIssued(tx, cert.id, { entryId: entry.id, fileId: file.id, issuedAt: now });
  });
  return answer(pdf);
}

/** The certificate e-mail, with the PDF attached. */
export function certificateEmail(c: IssuedCertificate): Mail {
  return renderEmail({
    to: c.email,
    subject: `Your CPD certificate: ${c.videoName}`,
    blocks: [
      greeting(c.firstName),
      paragraph(
        `Your certificate for "${c.videoName}" is attached. A copy is kept in your entries, with the certificate as its evidence.`,
      ),
    ],
    attachments: [{ filename: c.filename, content: c.pdf, contentType: "application/pdf" }],
  });
}
