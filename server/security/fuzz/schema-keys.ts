// Field names and allowed values read out of (zod 4) schemas, as Better Auth declares its endpoints.

interface ZodLike {
  _zod?: {
    def?: {
      type?: string;
      shape?: Record<string, ZodLike>;
      innerType?: ZodLike;
      in?: ZodLike;
      options?: ZodLike[];
      entries?: Record<string, string | number>;
      values?: unknown[];
    };
  };
}

/** Field names of a (zod 4) object schema, through optional/default/pipe/union wrappers. */
export function schemaKeys(schema: unknown, depth = 0): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || depth > 5) return [];
  if (def.shape) return Object.keys(def.shape);
  const inner = def.innerType ?? def.in;
  if (inner) return schemaKeys(inner, depth + 1);
  if (def.options) return [...new Set(def.options.flatMap((option) => schemaKeys(option, depth + 1)))];
  return [];
}

/** The values an enumeration (or literal) schema allows, through wrappers; empty for anything else. */
function enumValues(schema: unknown, depth = 0): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || depth > 5) return [];
  if (def.type === 'enum') return Object.values(def.entries ?? {}).map(String);
  if (def.type === 'literal') return (def.values ?? []).map(String);
  const inner = def.innerType ?? def.in;
  if (inner) return enumValues(inner, depth + 1);
  return (def.options ?? []).flatMap((option) => enumValues(option, depth + 1));
}

/** Per field of an object schema, the values it allows when it is an enumeration. */
export function schemaChoices(...schemas: unknown[]): Record<string, string[]> {
  const choices: Record<string, string[]> = {};
  for (const schema of schemas) {
    let def = (schema as ZodLike | undefined)?._zod?.def;
    while (def && !def.shape && (def.innerType ?? def.in)) def = (def.innerType ?? def.in)?._zod?.def;
    for (const [key, field] of Object.entries(def?.shape ?? {})) {
      const values = enumValues(field);
      if (values.length > 0) choices[key] = values;
    }
  }
  return choices;
}

/** Every field name a schema mentions at any depth: for nested objects such as admin's `data`. */
export function nestedSchemaKeys(schema: unknown, depth = 0): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || depth > 5) return [];
  const children = [
    ...Object.values(def.shape ?? {}),
    ...(def.innerType ? [def.innerType] : []),
    ...(def.in ? [def.in] : []),
    ...(def.options ?? []),
  ];
  return [...Object.keys(def.shape ?? {}), ...children.flatMap((child) => nestedSchemaKeys(child, depth + 1))];
}
