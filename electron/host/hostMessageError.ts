/** An Error whose message is a host message, for code that reports failures by throwing. */
import { englishOf, type HostMessage } from '../../shared/hostMessages.ts';

/** Carries the message as a code plus parameters (`text`, for the window) and its English (`message`, for logs). */
export class HostMessageError extends Error {
  /** The message as a code plus parameters, so the window says it in the user's language. */
  readonly text: HostMessage;
  constructor(text: HostMessage, name = 'HostMessageError') {
    super(englishOf(text));
    this.name = name;
    this.text = text;
  }
}
