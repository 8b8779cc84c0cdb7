/**
 * The writer's AI declaration for the admin (docs/decisions/0053-ai-use-policy.md): the words
 * they were shown and chose, the how, and who declared. Never on a judge's page.
 */
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { AI_USE_SHORT, BREAKS_POLICY_LABEL, isAiUse } from "~/features/contests/ai-policy";

/** The declaration as stored (the entry's own date says when it was given). */
export type AiDeclarationView = {
  policyWording: string;
  question: string;
  use: string;
  answerWording: string;
  how: string | null;
  declaredBy: string;
  declarerName: string;
  pupilName: string | null;
  breaksPolicy: boolean;
};

export function AiDeclarationCard({ declaration: d }: { declaration: AiDeclarationView }) {
  return (
    <Card className="mt-6" id="ai-declaration">
      <CardHeader>
        <CardTitle>AI declaration</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-base">
        {d.breaksPolicy ? (
          <Alert variant="warning" title={BREAKS_POLICY_LABEL}>
            Check this entry before judging starts.
          </Alert>
        ) : null}
        <p>
          <span className="font-semibold">Policy shown:</span> {d.policyWording}
        </p>
        <p>
          <span className="font-semibold">Question:</span> {d.question}
        </p>
        <p>
          <span className="font-semibold">Answer:</span> {d.answerWording}{" "}
          {isAiUse(d.use) ? <span className="text-slate-600">({AI_USE_SHORT[d.use]})</span> : null}
        </p>
        {d.how ? (
          <p className="whitespace-pre-line">
            <span className="font-semibold">How:</span> {d.how}
          </p>
        ) : null}
        <p className="text-slate-700">
          {d.declaredBy === "teacher" ? (
            <>
              Declared by the teacher <bdi>{d.declarerName}</bdi> for the pupil{" "}
              <bdi>{d.pupilName}</bdi>.
            </>
          ) : (
            <>
              Declared by the writer <bdi>{d.declarerName}</bdi>.
            </>
          )}
        </p>
      </CardContent>
    </Card>
  );
}
