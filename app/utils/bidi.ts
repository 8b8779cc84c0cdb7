/**
 * Names in plain text (a checkout line, an e-mail, a CSV cell) where no `<bdi>` can isolate
 * them: a name with right-to-left letters is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL
 * ISOLATE (U+2068, U+2069), so "Desert Star (محمد I.)" is not displayed as "(I محمد.)"
 * (docs/decisions/0041-class-joining-at-class-size.md). Left-to-right names stay as they are.
 */
const RIGHT_TO_LEFT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|\p{Script=Adlam}|\p{Script=Nko}|\p{Script=Hanifi_Rohingya}/u;

export const isolateText = (text: string) =>
  RIGHT_TO_LEFT.test(text) ? `\u2068${text}\u2069` : text;
