import { createRequestHandler, RouterContextProvider } from "react-router";
import { starterEnv, type StarterEnv } from "../app/context";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  fetch(request, env) {
    const context = new RouterContextProvider();
    context.set(starterEnv, env);
    return requestHandler(request, context);
  },
} satisfies ExportedHandler<StarterEnv>;
