/**
 * A mailing list's tag at the head of a subject ("Re: [USRP-users] …"): list software sends a
 * post as the list and sets Reply-To to the poster, so its sender and Reply-To say nothing of
 * the poster's intent, and the tag names the list, not the message.
 */
export const LIST_TAG = /^\s*(?:(?:re|fwd?|aw|sv)\s*:\s*)*\[[^\]]{1,40}\]\s*/i;
