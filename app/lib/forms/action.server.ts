import { data } from "react-router";
import type { AppContext } from "#app/lib/context.server.ts";
import type { FormActionData } from "./action-data";
import { isFormKind } from "./schemas";

/**
 * The content page's action: every form block posts to its own page with `?form=<kind>`, so
 * forms work without JavaScript. It runs the same pipeline as the JSON API and answers with
 * the outcome's status; a refused form comes back with its errors and the person's input.
 */
export async function handleFormAction(request: Request, { services }: Pick<AppContext, "services">) {
  const kind = new URL(request.url).searchParams.get("form");
  if (!isFormKind(kind)) throw data({ message: "Method Not Allowed" }, { status: 405 });
  const outcome = await services.forms.submit(kind, request);
  const body: FormActionData = outcome.ok
    ? { form: kind, ok: true, messageKey: outcome.messageKey, errors: {}, values: {} }
    : { form: kind, ok: false, messageKey: outcome.messageKey, errors: outcome.errors ?? {}, values: outcome.values };
  const headers: HeadersInit = { "Cache-Control": "no-store" };
  return data(body, {
    status: outcome.ok ? 200 : outcome.status,
    headers: outcome.status === 429 ? { ...headers, "Retry-After": "60" } : headers,
  });
}
