import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [index("routes/home.tsx"), route("page/:id", "routes/home.tsx", { id: "page" })] satisfies RouteConfig;
