/** A panel member as the admin's panel page shows it (docs/decisions/0033-judging-panel.md). */
export type Member = {
  judgeId: string;
  email: string;
  displayName: string;
  status: "invited" | "accepted" | "declined";
  active: boolean;
  capacity: number | null;
  invitedAt: string;
  respondedAt: string | null;
  divisionIds: string[];
  assigned: number;
  scored: number;
  conflicts: {
    id: string;
    kind: "entrant" | "school" | "educator";
    source: "admin" | "judge";
    note: string | null;
    deletable: boolean;
    with: string;
  }[];
};
