/*
 * Implementation requests: the form's multipart post and its chunked document uploads, the
 * request saved with its documents and the team's notification. Routes reach the data as
 * `runtime.implementation`; this face holds the request readers and the answers' shapes.
 */
export { MAX_REQUEST_BYTES, readImplementationUpload, tooLarge, UploadRejected } from './multipart';
export { readChunk, readDeclaration } from './chunk-request';
export { submitImplementation, type SubmissionFailure, type SubmissionOutcome } from './submission';
export { documentStream, type ImplementationService } from './implementation.service';
