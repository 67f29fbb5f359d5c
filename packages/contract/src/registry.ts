// Every call of the API, by name. The server registers exactly these; the
// OpenAPI document and the SPA's client are derived from them.
export {
  cancelScheduledDeletion,
  downloadExport,
  getScheduledDeletion,
  membershipWebhook,
  requestExport,
  scheduleDeletion,
} from "./account-lifecycle.js";
export {
  additionalFields,
  additionalFieldValues,
  getOrganisationAdditionalFields,
  putOrganisationAdditionalFields,
  saveAdditionalFieldValues,
} from "./additional-fields.js";
export {
  activityLog,
  adminOrganisations,
  adminOverview,
  configureOrganisation,
  createMembershipRecord,
  createOrganisation,
  endImpersonation,
  getAdminOrganisation,
  getMembershipRecord,
  impersonation,
  importMembershipRecords,
  searchMembershipRecords,
  updateMembershipRecord,
} from "./admin.js";
export {
  attestationCode,
  attestationLink,
  attestationView,
  createAttestation,
  declineAttestation,
  listAttestations,
  remindAttestation,
  signAttestation,
  verifyAttestation,
  withdrawAttestation,
} from "./attestations.js";
export {
  approveOtp,
  changePassword,
  completeReset,
  createOtp,
  impersonate,
  login,
  logout,
  otpLogin,
  requestReset,
} from "./auth.js";
export { organisationLogo, uploadOrganisationLogo } from "./branding.js";
export {
  calendarEvent,
  calendarEvents,
  calendarFeed,
  createEvent,
  createWebinar,
  deleteEvent,
  deleteWebinar,
  manageEvents,
  manageWebinars,
  plannedCpd,
  registerEvent,
  registeredWebinars,
  registerWebinar,
  unregisterEvent,
  updateEvent,
  updateWebinar,
  webinars,
} from "./calendar.js";
export { clinicalSkillsLinkStatus, clinicalSkillsStatistics, linkClinicalSkills } from "./clinical-skills.js";
export {
  completeAlternativeEmailVerification,
  completeMobileVerification,
  confirmEmailChange,
  emailChangeHistory,
  requestEmailChange,
  startAlternativeEmailVerification,
  startMobileVerification,
} from "./contact.js";
export { formFieldGraph, governingBodyGraphs, graphs, monthlyStatistics, statistics } from "./dashboard.js";
export {
  createEntry,
  deleteEntry,
  detachEvidence,
  entryMetadata,
  entryPdf,
  getEntryTags,
  listEntries,
  putEntryTags,
  updateEntry,
} from "./entries.js";
export {
  createDocument,
  deleteDocument,
  deleteFile,
  downloadFile,
  listDocuments,
  listFiles,
  renameFile,
  replaceFileContent,
  unassignedFiles,
  uploadFile,
} from "./files.js";
export { diaryForm, entryForm, formSchema, reflectionForm, supervisionForm } from "./forms.js";
export {
  hcpcEntries,
  hcpcEntriesPdf,
  hcpcEvidence,
  hcpcEvidenceItem,
  hcpcGaps,
  hcpcInfo,
  hcpcStatement,
  hcpcSummary,
  putHcpcGaps,
  putHcpcStatement,
  putHcpcSummary,
  requestHcpcAccess,
} from "./hcpc-portal.js";
export { resolveEntryIdentifier } from "./identifier-findings.js";
export { scanIdentifiers } from "./identifiers-api.js";
export {
  addOrganisationUser,
  bulkImportUsers,
  createUserReview,
  getOrganisationArrangedIn,
  getOrganisationCategories,
  getOrganisationSettings,
  getOrganisationTags,
  listOrganisations,
  myReviews,
  organisationAnalytics,
  organisationConfirmations,
  organisationUsers,
  organisationUsersCsv,
  putOrganisationArrangedIn,
  putOrganisationCategories,
  putOrganisationSettings,
  putOrganisationTags,
} from "./organisations.js";
export {
  adminCertificates,
  hideShare,
  memberGroupMembers,
  memberGroups,
  moderatedShares,
  organisationCertificates,
  organisationShares,
  recategoriseShare,
  restoreShare,
} from "./oversight.js";
export {
  deleteProfileSignature,
  getPersonalProfile,
  getProfileSignature,
  getTags,
  putPersonalProfile,
  putProfileSignature,
  putTags,
} from "./personal-profile.js";
export { portfolioFile, portfolioStatus, requestPortfolio, reviewPortfolio } from "./portfolio.js";
export {
  cancelMembership,
  getGoverningBodies,
  getMembership,
  getProfile,
  getProfileImage,
  governingBodyOptions,
  putGoverningBodies,
  updateProfile,
  uploadProfileImage,
} from "./profile.js";
export {
  captchaSettings,
  completeOnboarding,
  confirmEmail,
  getOnboarding,
  register,
  validateEmail,
} from "./registration.js";
export {
  createRevalidationRecord,
  deleteRevalidationRecord,
  getEntryRevalidation,
  getRegistrations,
  putEntryRevalidation,
  putRegistrations,
  revalidation,
  revalidationPacks,
  revalidationRecords,
  updateRevalidationRecord,
} from "./revalidation.js";
export { requestSubmission, submissionFile, submissionStatus } from "./revalidation-submission.js";
export {
  listSharedCpd,
  removeUpvote,
  sharedCpdCategories,
  shareEntry,
  unshare,
  upvote,
} from "./shared-cpd.js";
export {
  branding,
  brandingByKey,
  features,
  getDashboardSettings,
  health,
  healthLive,
  healthReady,
  intercom,
  saveDashboardSettings,
  shellConfig,
  shellStart,
  usage,
  userFeatures,
  welcomeVideo,
} from "./shell.js";
export { externalLoginProcess, externalLoginStart, loginSso } from "./sso.js";
export {
  addSupervisionTopic,
  authenticateSupervision,
  commentSupervisionTopic,
  completeSupervision,
  deleteSupervisionTopic,
  resetSupervision,
  shareSupervision,
  supervisionFile,
  supervisionLink,
  supervisionPdf,
  supervisionView,
  toggleSupervisionTopic,
  updateSupervisionTopic,
  verifySupervision,
} from "./supervision.js";
export {
  adminVideoLibraries,
  createVideo,
  createVideoLibrary,
  deleteVideo,
  deleteVideoLibrary,
  requestCertificate,
  updateVideo,
  updateVideoLibrary,
  uploadVideoThumbnail,
  videoLibraries,
  videoThumbnail,
} from "./videos.js";
