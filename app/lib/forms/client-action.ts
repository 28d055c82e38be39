import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A submission that got no answer: the network failed (offline, a reset connection) or the
 * server erred (5xx, a thrown error). It carries what was typed (a chosen file stays in its
 * field), so the form that sent it keeps everything and says so beside itself.
 */
export interface FailedSubmission {
  failed: true;
  values: Record<string, string>;
}

export function isFailedSubmission(result: unknown): result is FailedSubmission {
  return typeof result === "object" && result !== null && "failed" in result && result.failed === true;
}

function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  return values;
}

/**
 * A route's `clientAction` body: runs the server action and turns every way it can fail to
 * answer into a `FailedSubmission`, so the route's error page never replaces a form that holds
 * what a person typed. A redirect still goes through (React Router throws it as a `Response`).
 * Kept free of the forms' schemas: it ships with the route module of every content page.
 */
export async function answerOrFailure<Answer>(
  request: Request,
  serverAction: () => Promise<Answer>,
): Promise<Answer | FailedSubmission> {
  // Read before sending: the server action takes the request's body.
  const values = typedValues(await request.clone().formData());
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { failed: true, values };
  }
}

/**
 * A route's `shouldRevalidate` beside such a client action: after a post that got no answer the
 * page's data is not fetched again (offline it would fail, and its error page replace the form).
 */
export function unlessSubmissionFailed({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return !isFailedSubmission(actionResult) && defaultShouldRevalidate;
}
