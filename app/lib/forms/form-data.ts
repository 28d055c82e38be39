/**
 * A form's fields as a plain object, the shape the schemas validate in the browser and on the
 * server alike. A name sent more than once becomes an array, which every schema refuses.
 */
export function formDataToFields(form: FormData): Record<string, unknown> {
  const names = new Set(form.keys());
  return Object.fromEntries(
    [...names].map((name) => {
      const values = form.getAll(name);
      return [name, values.length === 1 ? values[0] : values];
    }),
  );
}
