/**
 * A refusal the user should read, thrown by a feature's data access and turned into a form error
 * or a toast in one place (`~/utils/action.server`). `field` names the input it is about, if any.
 * Anything else thrown is a bug and goes to the error boundary.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
