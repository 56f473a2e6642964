/**
 * The English catalog of every message the API sends, zod-free so the front ends can import it on its own.
 *
 * Keys are stable dotted identifiers grouped by area; texts are ICU MessageFormat (`{name}` for a parameter,
 * `{count, plural, one {# …} other {# …}}` for plurals, `''` for a literal apostrophe next to a brace). A parameter
 * whose name ends in `Key` holds another catalog key, whose own text is put in its place (e.g. the wizard's
 * "Traveler 2: Date of birth is required"). A parameter whose name ends in `Keys` holds a list of messages (see
 * `messageList`), shown one a line when it is the whole message, else separated by semicolons. Error replies carry
 * the key (`messageKey`, `fieldErrorKeys`) next to the English text, so a front end can show the message in the
 * reader's language.
 */

/**
 * Fallback texts of the client when the server gives none (spec section 8). Declared on their own, and used by the
 * catalog below, so a page that needs only these does not carry the whole catalog.
 */
export const ClientErrorText = {
  requestFailed: 'Request failed',
  unknown: 'Unknown error',
  /** No reply at all (offline, the server unreachable): nothing was read. */
  network: 'We could not reach Waypoint. Check your connection and try again.',
  /** No reply to a change: it was not saved. */
  networkUnsaved:
    'We could not reach Waypoint. Your changes are not saved. Check your connection and try again.',
  /** A validator's message that is not in the catalog, or a value no form sends: never shown as it is. */
  invalidValue: 'Please check this answer and try again',
} as const;

export const ApiMessages = {
  // validation
  'validation.forbiddenCharacters':
    'This contains a character that is not allowed (a null character or broken Unicode). Please remove it.',
  'validation.forbiddenHeader':
    'A request header contains a character that is not allowed (a null character).',
  'validation.invalidId': 'This is not a valid id',
  'validation.dateFormat': 'Dates use the YYYY-MM-DD form',
  'validation.realDate': 'Please enter a real date',
  // availability
  'availability.databaseUnavailable':
    'We cannot reach our records for a moment. Nothing you entered is lost: please try again in a few seconds.',
  'availability.overloaded': 'We are very busy right now. Please try again in a few seconds.',
  'availability.shuttingDown': 'This server is restarting. Please try again in a few seconds.',
  'availability.storageUnavailable':
    'We cannot reach the stored documents for a moment. Please try again in a few seconds.',
  // error
  'error.requestFailed': ClientErrorText.requestFailed,
  'error.unknown': ClientErrorText.unknown,
  'error.network': ClientErrorText.network,
  'error.networkUnsaved': ClientErrorText.networkUnsaved,
  // auth
  'auth.firstNameRequired': 'First name is required',
  'auth.lastNameRequired': 'Last name is required',
  'auth.fullNameRequired': 'Enter your first and last name',
  'auth.emailRequired': 'Email is required',
  'auth.emailInvalid': 'Valid email is required',
  'auth.passwordRequired': 'Password is required',
  'auth.passwordTooShort': 'Password must be at least 8 characters',
  'auth.passwordTooLong': 'Password must be at most 128 characters',
  'auth.passwordTooCommon': 'This password is too common. Please choose a less predictable one.',
  'auth.passwordsDoNotMatch': 'Passwords do not match',
  'auth.codeInvalidFormat': 'Enter the 6-digit code',
  'auth.wrongCredentials': 'Incorrect email or password',
  'auth.emailTaken': 'An account with this email already exists. Please log in.',
  'auth.signInLinkInvalid':
    'This sign-in link is invalid or has expired. Please request a new one.',
  'auth.codeWrong': 'The code is incorrect. Please check it and try again.',
  'auth.codeExpired': 'The code has expired or was already used. Please request a new one.',
  'auth.codeAttemptsExceeded': 'Too many attempts with this code. Please request a new one.',
  'auth.notSignedIn': 'Please log in to continue.',
  'auth.forbidden': 'You do not have access to this page.',
  'auth.signInLinkSent':
    "If an account exists for this email, we've sent a sign-in link. It is valid for 15 minutes.",
  'auth.resetEmailSent': 'Password reset email sent successfully. Please check your email.',
  'auth.verificationSent': 'We have sent a 6-digit code to your email.',
  'auth.passwordResetDone': 'Your password has been reset. Please log in with your new password.',
  'auth.emailVerified': 'Your email address is verified.',
  'auth.profileSaved': 'Your details have been saved.',
  'auth.emailChangePending':
    'We have sent a 6-digit code to your new email address. Your email changes once you enter it.',
  'auth.passwordThrottled':
    'Too many incorrect passwords. Please wait {seconds, plural, one {# second} other {# seconds}} and try again, or log in with a link sent to your email.',
  'auth.otherSessionsEnded':
    'Your email address is now confirmed. For your security we have signed out every other browser that was using this account.',
  'auth.prehijackPasswordRemoved':
    'The password that was set before your email address was confirmed has been removed. You can choose a new one in your profile.',
  'auth.recentProofRequired':
    'For your security, please confirm it is you: enter your password, or ask for a code sent to your email.',
  'auth.recentProofCodeSent': 'We have sent a 6-digit code to your current email address.',
  'auth.recentProofPurposeInvalid':
    'Say what the code is for: changing your email address or password, downloading your data or deleting your account.',
  'auth.recentProofDone': 'Thank you. You can now make the change.',
  'auth.wrongPassword': 'The password is incorrect.',
  'auth.passwordChanged':
    'Your password has been saved. Other browsers using your account were signed out.',
  'auth.emailChangeUndone':
    'The change of email address has been undone. Every browser using your account has been signed out. Please log in again with a link sent to your email.',
  'auth.emailChangeUndoInvalid':
    'This link is invalid or has expired. If someone else changed your email address, please contact support.',
  'auth.emailChangeUndoTaken':
    'The change cannot be undone automatically because another account now uses your old address. Please contact support.',
  'auth.secondFactorRequired': 'Please complete the second sign-in step to continue.',
  'auth.secondFactorSetupRequired':
    'Staff accounts must set up an authenticator app before continuing.',
  'auth.secondFactorWrong':
    'The code is incorrect or was already used. Please try the current code.',
  'auth.secondFactorAlreadySetUp': 'An authenticator app is already set up for this account.',
  'auth.secondFactorStaffOnly': 'A second factor is only used by staff accounts.',
  'auth.recoveryCodeUsed':
    'You signed in with a recovery code. {left, plural, one {# recovery code} other {# recovery codes}} left.',
  // wizard
  'wizard.countryRequired': 'Please select your country',
  'wizard.visaTypeRequired': 'Please select a visa type',
  'wizard.arrivalDateRequired': 'Please select your arrival date',
  'wizard.arrivalDateIncomplete': 'Please select the day, month and year of your arrival',
  'wizard.arrivalDateInvalid':
    'The arrival date you chose does not exist. Please choose a real date',
  'wizard.arrivalDatePast': 'The arrival date cannot be in the past',
  /** The years are `DATE_LIMITS.arrivalYearsAhead` (wizard.ts). */
  'wizard.arrivalDateTooFar': 'The arrival date must be within 2 years from today',
  'wizard.firstNameRequired': 'First name is required',
  'wizard.lastNameRequired': 'Last name is required',
  'wizard.dateOfBirthRequired': 'Date of birth is required',
  'wizard.dateOfBirthIncomplete': 'Please select the day, month and year of birth',
  'wizard.dateOfBirthInvalid':
    'The date of birth you chose does not exist. Please choose a real date',
  'wizard.dateOfBirthFuture': 'Date of birth must be in the past',
  /** The years are `DATE_LIMITS.birthYearsBack` (wizard.ts). */
  'wizard.dateOfBirthTooOld': 'Date of birth must be within the last 120 years',
  'wizard.emailRequired': 'Email is required',
  'wizard.emailInvalid': 'Valid email is required',
  'wizard.maxTravelers': 'Maximum 10 travellers allowed',
  'wizard.nationalityRequired': 'Nationality is required',
  'wizard.passportNumberRequired': 'Passport number is required',
  'wizard.passportNumberInvalid': 'Passport number must be 5 to 20 letters and digits',
  'wizard.passportExpiryRequired': 'Passport expiration date is required',
  'wizard.passportExpiryIncomplete': 'Please select the day, month and year the passport expires',
  'wizard.passportExpiryInvalid':
    'The passport expiration date you chose does not exist. Please choose a real date',
  'wizard.passportExpired': 'Passport must not have expired',
  /** The years are `DATE_LIMITS.passportExpiryYearsAhead` (wizard.ts). */
  'wizard.passportExpiryTooFar': 'Passport expiration date must be within 15 years from today',
  'wizard.secondNationalityRequired': 'Please specify if you have another nationality',
  'wizard.processingRequired': 'Please select a processing option',
  'wizard.precheckTrip': 'Please complete trip details',
  'wizard.precheckTravelers': 'Please complete all traveller information',
  'wizard.precheckProcessing': 'Please select a processing option',
  'wizard.nothingNeeded':
    'Citizens of this country do not need an ETA or a visa to visit the United Kingdom.',
  // postPayment
  'postPayment.phoneRequired': 'Phone number is required',
  'postPayment.phoneInvalid': 'Please enter a valid phone number for the selected country code',
  'postPayment.phoneCodeRequired': 'Select the country of your phone number',
  'postPayment.addressRequired': 'Residence street address is required',
  'postPayment.cityRequired': 'City/town is required',
  'postPayment.countryOfBirthRequired': 'Country of birth is required',
  'postPayment.residentCountryRequired': 'Resident country is required',
  'postPayment.issuingCountryRequired': 'Please choose the country that issued your passport',
  'postPayment.genderRequired': 'Please choose your gender as listed in your passport',
  'postPayment.workRequired': 'Please tell us whether you currently work',
  'postPayment.jobTitleRequired': 'Job title is required',
  'postPayment.convictionsRequired':
    'Please tell us whether you have ever been convicted of a criminal offence',
  'postPayment.convictionDetailsRequired': 'Please tell us what you did',
  'postPayment.terrorismRequired':
    'Please tell us whether you have ever been involved in terrorist activities, espionage, sabotage, genocide, war crimes or crimes against humanity',
  'postPayment.passportDetailsRequired': 'Please add the passport details you chose to give later',
  'postPayment.declarationRequired':
    'Please confirm that the information in this application is correct and complete',
  'postPayment.generalInfoFailed': 'Failed to update general information',
  'postPayment.personalInfoFailed': 'Failed to update personal information',
  'postPayment.passportInfoFailed': 'Failed to update passport information',
  'postPayment.workInfoFailed': 'Failed to update work information',
  'postPayment.declarationFailed': 'Failed to update declaration',
  'postPayment.submitFailed': 'Failed to submit application',
  'postPayment.readOnly': 'This application has been submitted and can no longer be changed.',
  'postPayment.refunded':
    'This order was refunded in full, so it can no longer be changed or submitted.',
  'postPayment.notPaid': 'This application is not paid yet.',
  'postPayment.unknownTraveler': 'No such traveller in this application',
  // uploadLink
  'uploadLink.invalid':
    'This upload link is not valid. Please scan the code on your computer again.',
  'uploadLink.expired': 'This upload link has expired. Please scan the new code on your computer.',
  'uploadLink.closed':
    'This application can no longer be changed, so this upload link does not work any more.',
  'uploadLink.used':
    'This upload link has already been used. To upload again, open the upload page on your computer and scan the new code.',
  'uploadLink.revoked':
    'This upload link has been replaced by a newer one. Please scan the code now shown on your computer.',
  'uploadLink.unavailable':
    'We could not open your upload link just now. Please check your connection and try again.',
  // payment
  'payment.declined': 'Your card was declined.',
  'payment.insufficientFunds': 'Your card has insufficient funds.',
  'payment.authenticationFailed':
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  'payment.invalidNumber': 'Your card number is invalid.',
  'payment.sandboxOnlyTestCards':
    'This is a test environment: please use a test card such as 4242 4242 4242 4242.',
  'payment.invalidExpiry': "Your card's expiration date is invalid.",
  'payment.expired': 'Your card has expired.',
  'payment.invalidCvc': "Your card's security code is invalid.",
  'payment.fullNameRequired': 'Full name is required',
  'payment.emailRequired': 'Email is required',
  'payment.addressRequired': 'Address is required',
  'payment.cityRequired': 'City is required',
  'payment.postalCodeRequired': 'Postal code is required',
  'payment.postcodeRequired': 'Postcode is required',
  'payment.zipCodeRequired': 'ZIP code is required',
  'payment.postalCodeInvalid': 'Enter a postal code in the right format, like {example}',
  'payment.postcodeInvalid': 'Enter a real postcode, like {example}',
  'payment.zipCodeInvalid': 'Enter a ZIP code of 5 or 9 digits, like {example}',
  'payment.eircodeInvalid': 'Enter an Eircode like {example}, or leave it blank',
  'payment.countryRequired': 'Select the country of your billing address',
  'payment.paymentFailed': 'Payment failed',
  'payment.cardElementNotFound': 'Card element not found',
  'payment.notCompleted': 'Payment not completed: {status}',
  // admin
  'admin.rejectReasonRequired': 'Please give the reason the traveller will see',
  'admin.changedMeanwhile':
    'This application was changed by someone else meanwhile. Reload it to see the latest version.',
  /** `fromKey` and `toKey` are `applicationStatus.*` keys (the statuses' names). */
  'admin.transitionNotAllowed': 'An application cannot go from {fromKey} to {toKey}.',
  'admin.dateOrder': "The 'from' date must be on or before the 'to' date",
  'admin.selectionRequired': 'Select at least one application.',
  'admin.noteRequired': 'Write the note.',
  'admin.noteTooLong': 'A note can be at most 2,000 characters.',
  'admin.assigneeNotStaff': 'Applications can only be given to an active member of staff.',
  'error.notFound': 'Not found',
  'error.internal': 'Something went wrong on our side. Please try again.',
  // validation (schema rules)
  'validation.invalidValue': ClientErrorText.invalidValue,
  'validation.requestInvalid': 'The request is not valid',
  'validation.required': 'Please fill in this field',
  'validation.atMostCharacters': 'Please use at most {max} characters',
  'validation.atLeastCharacters': 'Please use at least {min} characters',
  'validation.chooseFromList': 'Please choose one of the options offered',
  'validation.atLeastOne': 'Please choose at least one',
  'validation.atMostItems': 'Please choose at most {max}',
  'validation.nationalityFromList': 'Please choose a nationality from the list',
  'validation.localeFromList': 'Please choose one of the languages offered (en, fr, de, es, ar)',
  'validation.travellerRequired': 'Please choose a traveller',
  'validation.countryFromList': 'Please choose a country from the list',
  'validation.countryCode': 'Country must be a two-letter country code',
  // request (how the request was sent)
  'request.bodyTooLarge': 'The request body is too large',
  'request.unsupportedMediaType': 'Unsupported content type: send application/json',
  'request.invalidJson': 'The request body is not valid JSON',
  'request.rateLimited': 'Too many attempts. Please wait a moment and try again.',
  'request.noSuchEndpoint': 'No such endpoint: {method} {path}',
  'request.crossSite': 'This request came from another site and was refused.',
  // auth (more)
  'auth.secondFactorCodeRequired': 'Enter the 6-digit code or a recovery code',
  'auth.secondFactorCodeFormat':
    'Enter the 6-digit code from your authenticator app, or a recovery code',
  'auth.secondFactorSetupRestart': 'Please start the authenticator set-up again.',
  'auth.emailInUse': 'Another account already uses this email.',
  'auth.noPasswordUseCode':
    'Your account has no password. Ask for a code sent to your email instead.',
  // wizard (more)
  'wizard.travelerIssue': 'Traveller {number}: {detailKey}',
  // reference data
  'reference.pricesNotReady': 'Prices are not available yet. Please try again.',
  'reference.unknownCountry': "We do not know the country ''{countryId}''",
  'reference.unknownVisaType': "We do not know the visa type ''{visaTypeId}''",
  /** A country's own note from the reference data (written by staff, sent as it is). */
  'reference.countryRuleNote': '{note}',
  // applications and orders
  'application.notFound': 'No such application',
  /** `missingKeys` is the list of what is missing (see `missingItemRefs`), shown separated by semicolons. */
  'application.incomplete': 'Please complete the following before submitting: {missingKeys}.',
  /** The missing sections and documents, one a line (see `missingItemRefs`). */
  'application.incompleteItems': '{itemKeys}',
  /** One traveller's missing section (`itemKey` is a `missing.*` key). */
  'application.missingTravelerItem': 'Traveller {number} ({name}): {itemKey}',
  // the sections and documents a submission may still miss
  'missing.generalInformation': 'General information',
  'missing.passportPage': 'passport page',
  'missing.photo': "applicant's photo",
  'missing.personalInformation': 'personal information',
  'missing.passportDetails': 'passport details (number, expiry date, other nationality)',
  'missing.passportInformation': 'passport information',
  'missing.work': 'work',
  'missing.declaration': 'declaration',
  // the names of an application's statuses (as `STATUS_LABEL`)
  'applicationStatus.draft': 'Awaiting payment',
  'applicationStatus.inProgress': 'In progress',
  'applicationStatus.submitted': 'Submitted',
  'applicationStatus.underReview': 'Under review',
  'applicationStatus.approved': 'Approved',
  'applicationStatus.rejected': 'Rejected',
  'applicationStatus.refunded': 'Refunded',
  'applicationStatus.changesRequested': 'Changes requested',
  'applicationStatus.lodged': 'Submitted to the UK government',
  'order.alreadyPaid': 'This order is already paid.',
  'payment.notFound': 'No such payment',
  'payment.amountMismatch': 'The payment does not match the order. Please contact support.',
  'payment.cancelled': 'This payment was cancelled. Please start again.',
  'payment.signatureMissing': 'Missing Stripe signature',
  'payment.signatureMismatch': 'The webhook signature does not match',
  // documents and uploads
  'document.notFound': 'No such document',
  'document.fileMissing':
    'The file of this document cannot be found. Please upload it again, or contact support if it was sent to you.',
  'upload.tooLarge': 'The file is larger than 10 MB. Please upload a smaller picture.',
  'upload.truncated': 'The upload was cut off before it finished. Please try again.',
  'upload.missing': 'Please choose a file to upload.',
  'upload.wrongType': 'Please upload a JPEG, PNG or WebP picture (or a PDF for the passport page).',
  'upload.photoNotPdf': 'The photo must be a picture (JPEG, PNG or WebP), not a PDF.',
  /** The photo check that failed on a blurred picture (a well-lit one is refused for this, not for darkness). */
  'upload.photoBlurred':
    'Your photo is blurred. Hold the phone steady, tap to focus and try again.',
  // the automated checks of an upload, one reason per failed check (image-checks.ts)
  'check.passportResolution':
    'The picture is too small ({width}×{height} pixels). Take it closer or with a better camera: at least {minWidth}×{minHeight} pixels.',
  'check.passportOrientation':
    'Hold the passport page sideways: the picture should be wider than it is tall, like the open page.',
  'check.passportSharpness':
    'The picture is blurred. Hold the camera still, let it focus, and make sure the text is readable.',
  'check.passportTooDark': 'The picture is too dark. Take it in good, even light.',
  'check.passportOverExposed':
    'The picture is too bright or has glare. Avoid flash and direct light on the page.',
  'check.photoResolution':
    'The photo is too small ({width}×{height} pixels): it must be at least {minWidth}×{minHeight} pixels.',
  'check.photoFraming':
    'Use a portrait photo (taller than it is wide) showing your head and shoulders.',
  'check.photoBackground':
    'Stand in front of a plain, light background (white or light grey) with no shadows or objects behind you.',
  'check.photoColour': 'The photo must be in colour, not black and white.',
  'check.photoTooDark':
    'The photo is too dark. Face a window or a light so your face is evenly lit.',
  'upload.unreadable':
    'We could not read this picture. Please take it again or choose another file.',
  'upload.tooManyPixels':
    'This picture has too many pixels to process. Please upload a smaller one.',
  'upload.tooManyPixelsDetail':
    'This picture is {megapixels} megapixels ({width} × {height}); we accept up to {maxMegapixels} megapixels. Please upload a normal phone photo or a scan at 600 dpi or less.',
  'upload.tooManyUploads':
    'You have uploaded a lot of files in a short time. Please wait a few minutes, then try again.',
  'upload.pdfEncrypted':
    'This PDF is protected with a password. Please upload it without the password, or upload a photo of the page.',
  'upload.pdfUnreadable':
    'We could not read this PDF. Please scan the page again or upload a photo of it.',
  'upload.pdfTooManyPages':
    "This PDF has more than {maxPages} pages. Please upload only your passport's photo page.",
  'upload.queueUserBusy':
    'You already have several uploads being checked. Please wait until they finish, then try again.',
  'upload.queueBusy': 'We are checking a lot of uploads right now. Please try again in a minute.',
  // refunds
  'refund.reasonRequired': 'Please give the reason for the refund',
  'refund.notPaid': 'This order has not been paid, so there is nothing to refund.',
  'refund.notAllowed': 'This refund is not possible while the application is {statusKey}.',
  'refund.exceedsPaid':
    'This refund would give back more than was paid for the order, counting the refunds already made.',
  'refund.keyReused':
    'This confirmation was already used for a different refund. Please start again.',
  'refund.providerUnavailable':
    'The payment provider did not answer. The refund is recorded as pending: please try again in a few minutes.',
  // staff tools
  'mailbox.notFound': 'No such message in the development mailbox',
  'failedEmail.notFound': 'No such failed email: it may have been sent again already.',
  'failedJob.notFound': 'No such failed job: it may have been run again already.',
  // staff accounts: roles, invitations, deactivation
  'staff.adminOnly': 'Only an admin can do this. Please ask an admin of your team.',
  'staff.roleInvalid': 'Choose a role: caseworker or admin',
  'staff.alreadyStaff': 'This address already belongs to an active member of staff.',
  'staff.accountNotFound': 'No such staff account.',
  'staff.lastAdmin':
    'This is the only active admin, so it cannot be deactivated or given another role. Make another member of staff an admin first.',
  'staff.invitationNotFound':
    'This invitation does not exist. Please check that you used the whole link, or ask an admin for a new invitation.',
  'staff.invitationExpired':
    'This invitation has expired. Please ask an admin to invite you again.',
  'staff.invitationUsed':
    'This invitation has already been used. Please log in with the password you chose.',
  'staff.invitationRevoked':
    'This invitation was withdrawn. Please ask an admin for a new one if you still need access.',
  'staff.invitationAlreadyAccepted':
    'This invitation has already been accepted, so it can no longer be withdrawn.',
  // personal data (export and account deletion)
  'personalData.passwordRequired': 'Enter your password to delete your account.',
  'personalData.codeRequired':
    'Enter the 6-digit code we emailed you to delete your account (your account has no password).',
  'personalData.secondFactorRequired':
    'Enter a code from your authenticator app to delete your account.',
  'personalData.lastAdmin':
    'You are the only staff member with access to the admin area, so this account cannot be deleted. Give another person staff access first.',
  'admin.chartPeriodTooLong': 'A period can be at most {max} days.',
  'admin.personalDataErased':
    'The traveller deleted their account and their data were erased: this application can no longer be decided.',
  'admin.refundedInFull':
    'This order was refunded in full: it can no longer be reviewed or decided.',
  'personalData.deleted': 'Your account has been deleted. We have emailed you a confirmation.',
  // receipts
  'receipt.notFound': 'This order has no receipt: a receipt is issued once the order is paid.',
  'creditNote.notFound': 'This order has no credit note with that number.',
  // casework: changes requested, lodging with the Home Office, the government's outcome, reminders
  'casework.changesRequired':
    'Please tick at least one section or document the traveller must change',
  'casework.messageRequired': 'Please tell the traveller what to change',
  'casework.changeTwice': 'Each section or document can be asked for once per traveller',
  'casework.changeNeedsTraveler': 'Please say which traveller must change this',
  'casework.generalInfoIsOrderWide':
    'General information belongs to the whole order, not to one traveller',
  'casework.notFlagged':
    'Staff asked for other changes: only the sections and documents listed on the review page can be changed now.',
  'casework.changesLeft':
    'Please make every change staff asked for before resubmitting: {itemKeys}',
  'casework.referenceRequired': 'Please enter the Home Office reference',
  'casework.referenceFormat':
    'Enter the reference as the Home Office gives it: GWF and 9 digits for a visa application (GWF012345678), 16 digits for an ETA application (1234-5678-9012-3456)',
  'casework.visaReference':
    'A visa application is lodged under a GWF reference: GWF followed by 9 digits, e.g. GWF012345678',
  'casework.etaReference':
    'An ETA application is lodged under a 16-digit reference, e.g. 1234-5678-9012-3456',
  'casework.lodgedOnFuture': 'The date it was submitted cannot be in the future',
  'casework.lodgedOnBeforePaid': 'The date it was submitted cannot be before the order was paid',
  'casework.grantReference':
    'Enter the reference on the decision: 6 to 30 letters, digits or hyphens',
  'casework.validUntilOrder': 'The end of validity must be after its start',
  'casework.passportEnding': 'Enter the last four characters of the passport number',
  'casework.passportEndingMismatch':
    "These are not the last four characters of this traveller's passport number",
  'casework.grantEveryTraveler': 'Please record the decision of every traveller, once each',
  'casework.documentRequired': 'Please attach the decision document',
  'casework.unknownDocument':
    'This decision document was not uploaded for this traveller of this application',
  'casework.decisionDocumentOnly':
    'Only a decision document can be uploaded here; the traveller uploads passport pages and photos',
  'casework.notLodged':
    'A decision document can be added once the application is submitted to the Home Office',
  'casework.formerStaff': 'A former member of staff',
  'casework.reminderLinkInvalid': 'This link is not valid any more.',
  'casework.unsubscribed':
    'You will get no more reminders about this {kind, select, ETA {ETA} other {visa}}.',
  // save and come back later: links to a saved application
  'draftReturn.noDraft':
    'There is no saved application to send a link for yet. Please answer the questions on this page, then try again.',
  'draftReturn.linkNotFound':
    'We cannot find this link. Please check that you used the whole link from the email. If you asked for more than one link, only the newest one works.',
  'draftReturn.linkUsed':
    'This link has already been used. Each link works once: your application is in the browser where you first opened it.',
  'draftReturn.linkExpired': 'This link has expired. Links to a saved application work for 7 days.',
  // live status
  'liveEvents.tooManyStreams':
    'Live updates are already open in too many tabs. This page will check for changes every little while instead.',
  // support conversations
  'support.topicRequired': 'Choose what your question is about',
  'support.messageRequired': 'Please write your message',
  'support.messageTooLong': 'A message can be at most 4,000 characters.',
  'support.orderReferenceFormat':
    'Enter the order number as it appears on your order, 8 letters and digits (for example 3F9A2C7B)',
  'support.orderReferenceRequired': 'Enter the order number',
  'support.emailRequired': 'Enter the email address you used for this order',
  'support.oneOrderOnly': 'Choose an order from your account or enter an order number, not both',
  'support.guestNeedsOrder':
    'To contact us without logging in, enter your order number and the email address you used for it',
  'support.orderNotFound': 'We could not find an order with that number and email address',
  'support.notFound': 'No such support conversation',
} as const;

export type ApiMessageKey = keyof typeof ApiMessages;
/** The values put into a message's placeholders. */
export type ApiMessageParams = Record<string, string | number>;
/** A message as a key and its parameters: what a front end translates. */
export interface ApiMessageRef {
  key: ApiMessageKey;
  params?: ApiMessageParams;
}

/**
 * Every key of the catalog, in catalog order. This module's top-level values are marked pure so that a bundle
 * that uses none of them (the home page needs only `ClientErrorText`) leaves the catalog out.
 */
export const API_MESSAGE_KEYS = /* @__PURE__ */ Object.keys(ApiMessages) as [
  ApiMessageKey,
  ...ApiMessageKey[],
];

/** The key given to a message the catalog does not hold (an unexpected failure). */
export const UNKNOWN_MESSAGE_KEY = 'error.unknown' satisfies ApiMessageKey;

export function isApiMessageKey(value: unknown): value is ApiMessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ApiMessages, value);
}

type Node =
  string | { arg: string } | { arg: string; branches: Record<string, Node[]> } | { pound: true };

/** The subset of ICU MessageFormat the catalog uses: plain arguments, plurals, `#` and apostrophe quoting. */
function parse(message: string): Node[] {
  let i = 0;
  const nodes = (inPlural: boolean): Node[] => {
    const out: Node[] = [];
    let textRun = '';
    const flush = () => {
      if (textRun) out.push(textRun);
      textRun = '';
    };
    while (i < message.length) {
      const ch = message[i]!;
      if (ch === "'") {
        const next = message[i + 1];
        if (next === "'") {
          textRun += "'";
          i += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          const end = message.indexOf("'", i + 1);
          textRun += message.slice(i + 1, end === -1 ? undefined : end).replace(/''/g, "'");
          i = end === -1 ? message.length : end + 1;
        } else {
          textRun += ch;
          i += 1;
        }
      } else if (ch === '{') {
        flush();
        i += 1;
        const close = message.slice(i).search(/[,}]/);
        const name = message.slice(i, i + close).trim();
        i += close;
        if (message[i] === '}') {
          i += 1;
          out.push({ arg: name });
        } else {
          const typeEnd = message.indexOf(',', i + 1);
          i = typeEnd + 1;
          const branches: Record<string, Node[]> = {};
          for (;;) {
            while (/\s/.test(message[i] ?? '')) i += 1;
            if (message[i] === '}') {
              i += 1;
              break;
            }
            const open = message.indexOf('{', i);
            const selector = message.slice(i, open).trim();
            i = open + 1;
            branches[selector] = nodes(true);
          }
          out.push({ arg: name, branches });
        }
      } else if (ch === '}') {
        i += 1;
        flush();
        return out;
      } else if (ch === '#' && inPlural) {
        flush();
        out.push({ pound: true });
        i += 1;
      } else {
        textRun += ch;
        i += 1;
      }
    }
    flush();
    return out;
  };
  return nodes(false);
}

const parsed = /* @__PURE__ */ new Map<ApiMessageKey, Node[]>();
function nodesOf(key: ApiMessageKey): Node[] {
  let found = parsed.get(key);
  if (!found) {
    found = parse(ApiMessages[key]);
    parsed.set(key, found);
  }
  return found;
}

const englishPlural = /* @__PURE__ */ new Intl.PluralRules('en');

function render(nodes: Node[], params: ApiMessageParams, pound?: number): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += node;
    else if ('pound' in node) out += String(pound ?? '#');
    else if ('branches' in node) {
      const value = Number(params[node.arg]);
      const branch =
        node.branches[`=${value}`] ??
        node.branches[englishPlural.select(value)] ??
        node.branches.other ??
        [];
      out += render(branch, params, value);
    } else {
      const value = params[node.arg];
      const list = node.arg.endsWith('Keys') ? messageListRefs(value) : undefined;
      if (value === undefined) out += `{${node.arg}}`;
      else if (node.arg.endsWith('Key') && isApiMessageKey(value)) out += apiMessage(value);
      else if (list)
        out += list
          .map((ref) => apiMessage(ref.key, ref.params))
          .join(LIST_SEPARATOR[+(nodes.length === 1)]);
      else out += String(value);
    }
  }
  return out;
}

/** How a `…Keys` list is joined: by semicolons inside a sentence, one a line when it is the whole message. */
const LIST_SEPARATOR = ['; ', '\n'] as const;

/** A list of messages as the value of a `…Keys` parameter (the refs in JSON). */
export function messageList(refs: readonly ApiMessageRef[]): string {
  return JSON.stringify(refs);
}

/** The messages of a `…Keys` parameter's value, or undefined when it holds no such list (a plain text). */
export function messageListRefs(value: string | number | undefined): ApiMessageRef[] | undefined {
  if (typeof value !== 'string' || !value.startsWith('[')) return undefined;
  try {
    const refs: unknown = JSON.parse(value);
    if (!Array.isArray(refs)) return undefined;
    const valid = refs.every(
      (ref) =>
        typeof ref === 'object' &&
        ref !== null &&
        isApiMessageKey((ref as ApiMessageRef).key) &&
        (ref.params === undefined || (typeof ref.params === 'object' && ref.params !== null)),
    );
    return valid ? (refs as ApiMessageRef[]) : undefined;
  } catch {
    return undefined;
  }
}

/** True when a `…Keys` parameter of `key` is its whole message (its items then go one a line). */
export function isListMessage(key: ApiMessageKey): boolean {
  const nodes = nodesOf(key);
  return nodes.length === 1 && typeof nodes[0] !== 'string' && !('pound' in nodes[0]!);
}

/** The English text of a catalog message, its placeholders filled in with `params`. */
export function apiMessage(key: ApiMessageKey, params: ApiMessageParams = {}): string {
  return render(nodesOf(key), params);
}

const hasParameters = (key: ApiMessageKey) => nodesOf(key).some((n) => typeof n !== 'string');

/** Texts without parameters → their key (the first key, when two areas share a text). */
let exact: Map<string, ApiMessageKey> | undefined;
/** Messages with parameters, as patterns that find the parameters back in a text. */
let patterns: { key: ApiMessageKey; pattern: RegExp; args: Node[] }[] | undefined;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function buildIndex() {
  exact = new Map();
  patterns = [];
  for (const key of API_MESSAGE_KEYS) {
    if (!hasParameters(key)) {
      if (!exact.has(ApiMessages[key])) exact.set(ApiMessages[key], key);
      continue;
    }
    // A message that is only a parameter (a note sent as it is) would match every text.
    if (nodesOf(key).every((n) => typeof n !== 'string')) continue;
    const args: Node[] = [];
    const source = nodesOf(key)
      .map((node) => {
        if (typeof node === 'string') return escape(node);
        args.push(node);
        return '([\\s\\S]+?)';
      })
      .join('');
    patterns.push({ key, pattern: new RegExp(`^${source}$`), args });
  }
}

function paramValue(node: Node, captured: string): string | number | undefined {
  if (typeof node === 'string' || 'pound' in node) return undefined;
  if ('branches' in node) {
    const digits = /-?\d+(?:\.\d+)?/.exec(captured);
    if (digits) return Number(digits[0]);
    for (const [selector, branch] of Object.entries(node.branches)) {
      if (render(branch, {}) !== captured) continue;
      if (selector.startsWith('=')) return Number(selector.slice(1));
      if (selector === 'one') return 1;
    }
    return undefined;
  }
  if (node.arg.endsWith('Key')) return exact?.get(captured);
  return /^-?\d+(?:\.\d+)?$/.test(captured) && String(Number(captured)) === captured
    ? Number(captured)
    : captured;
}

/**
 * The catalog key and parameters of an English text the API or a schema produced, or undefined when the catalog
 * has no such message (then a front end shows the English text as it is).
 */
export function messageKeyOf(text: string): ApiMessageRef | undefined {
  if (!exact || !patterns) buildIndex();
  const key = exact!.get(text);
  if (key) return { key };
  for (const { key: candidate, pattern, args } of patterns!) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: ApiMessageParams = {};
    let complete = true;
    args.forEach((node, index) => {
      const value = paramValue(node, match[index + 1] ?? '');
      if (value === undefined || typeof node === 'string' || 'pound' in node) complete = false;
      else params[node.arg] = value;
    });
    if (complete && apiMessage(candidate, params) === text) return { key: candidate, params };
  }
  return undefined;
}

/**
 * The key and parameters of a validation issue (a zod issue, or the wizard's `Issue`): built-in checks and
 * refinements alike carry a catalog text as their message. `fallback` is used for a message outside the catalog.
 */
export function issueMessageKey(
  issue: { message?: string | undefined },
  fallback: ApiMessageKey = 'validation.invalidValue',
): ApiMessageRef {
  return (issue.message !== undefined && messageKeyOf(issue.message)) || { key: fallback };
}
