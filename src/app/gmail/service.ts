/** Placeholder type until the Gmail connector lands (issue 6); the server accepts null. */
export interface GmailService {
  readonly configured: boolean;
}
