import { createRequestHandler } from "react-router";
import { createApp } from "./app";

// Created once per isolate; each request gets its own RouterContextProvider in createApp.
const renderPage = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default createApp(renderPage);
