import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { starterEnv } from "../context";

/** One KV key and one D1 row, like the template's demo; 20 links to measure a small page. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { KV, DB } = context.get(starterEnv);
  const [greeting, row] = await Promise.all([
    KV.get("greeting"),
    DB.prepare("SELECT title FROM pages WHERE id = ?").bind(1).first<{ title: string }>(),
  ]);
  return { greeting: greeting ?? "Hello", title: row?.title ?? "Starter" };
}

export default function Home() {
  const { greeting, title } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{title}</h1>
      <p>{greeting}</p>
      <ul>
        {Array.from({ length: 20 }, (_, index) => (
          <li key={index}>
            <Link to={`/page/${index + 1}`}>Page {index + 1}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
