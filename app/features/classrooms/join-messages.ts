/** What the join page says (docs/decisions/0031-classrooms-and-shared-computers.md); shared with its page. */
export const CODE_NOT_OPEN = "This class code is not open. Ask your teacher for a new one.";
export const CLASS_FULL = "This class is full. Ask your teacher.";
export const OWN_CLASS = "This is your own class: pupils join it with this code.";
export const ALREADY_IN = "You are in this class";
