// `npm run cms:schema`: writes the Storyblok content model generated from the blocks' valibot
// schemas (bloks/cms-schema.ts) in the format the Storyblok CLI pushes to a space:
//   storyblok/components/arena/components.json   (storyblok components push --from arena --path storyblok)
//   storyblok/datasources/arena/datasources.json  (storyblok datasources push --from arena --path storyblok)
// bloks/cms-schema.test.ts fails when these files and the schemas disagree.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format } from "prettier";
import { createServer } from "vite";

const OUT = "storyblok";
// Loads the TypeScript modules as the server build does (path aliases included), without the app's plugins.
const vite = await createServer({
  configFile: false,
  logLevel: "error",
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: "custom",
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { storyblokComponents, storyblokDatasources } = await vite.ssrLoadModule("/bloks/cms-schema.ts");
  const datasources = readdirSync("content/datasources")
    .filter((file) => file.endsWith(".json"))
    .map((file) => ({
      slug: path.basename(file, ".json"),
      entries: JSON.parse(readFileSync(path.join("content/datasources", file), "utf8")).datasource_entries,
    }));
  const write = async (file, value) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await format(JSON.stringify(value), { filepath: file }));
    console.log(`wrote ${file}`);
  };
  const components = storyblokComponents();
  await write(`${OUT}/components/arena/components.json`, components);
  await write(`${OUT}/datasources/arena/datasources.json`, storyblokDatasources(datasources));
  console.log(`${components.length} components, ${datasources.length} datasource(s)`);
} finally {
  await vite.close();
}
