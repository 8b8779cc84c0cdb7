import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field, inputClass } from "~/components/ui/field";
import type { ContestFormValues, FormErrors } from "~/features/contests/contest-form";
import { DATE_FIELDS, DATE_LABELS } from "~/features/contests/contest-schema";

/** The contest form's timeline: the time zone, the five dates in it, judges per entry and the reminder lead. */
export function TimelineCard({
  values: v,
  errors,
  timeZones,
  zone,
  onZoneChange,
}: {
  values: ContestFormValues;
  errors: FormErrors;
  timeZones: string[];
  zone: string;
  onZoneChange: (zone: string) => void;
}) {
  const err = (name: string) => errors[name];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Timeline</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1">
          <label htmlFor="timeZone" className="block text-sm font-medium text-slate-800">
            Time zone
          </label>
          <select
            id="timeZone"
            name="timeZone"
            defaultValue={v.timeZone}
            className={inputClass}
            onChange={(e) => onZoneChange(e.currentTarget.value)}
            aria-describedby="timeZone-hint"
          >
            {timeZones.map((tz) => (
              <option key={tz} value={tz}>
                {tz}
              </option>
            ))}
          </select>
          <p id="timeZone-hint" className="text-sm text-slate-600">
            The dates below are in this time zone (now: <span data-testid="zone-name">{zone}</span>)
            and stored in UTC.
          </p>
          <ErrorList errors={err("timeZone")} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {DATE_FIELDS.map((k) => (
            <Field
              key={k}
              label={k === "resultsAt" ? "Results date" : DATE_LABELS[k]}
              name={k}
              type="datetime-local"
              required
              defaultValue={v[k]}
              errors={err(k)}
            />
          ))}
        </div>
        <Field
          label="Judges per submission"
          name="judgesPerSubmission"
          type="number"
          inputMode="numeric"
          min={1}
          max={20}
          className="max-w-48"
          defaultValue={v.judgesPerSubmission}
          hint="Judges are assigned automatically when judging opens."
          errors={err("judgesPerSubmission")}
        />
        <Field
          label="Reminder to judges (hours before judging ends)"
          name="remindLeadHours"
          type="number"
          inputMode="numeric"
          min={1}
          max={720}
          className="max-w-48"
          defaultValue={v.remindLeadHours}
          hint="Judges who still have stories to score get a reminder this many hours before judging closes. If judging is shorter than twice this, the reminder goes half-way through."
          errors={err("remindLeadHours")}
        />
      </CardContent>
    </Card>
  );
}
