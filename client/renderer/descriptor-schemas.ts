/**
 * The generated JSON Schema documents as the client validates them, and the ajv
 * options. Both the validators compiled in the browser (tests, development) and
 * those precompiled into the production build use exactly this preparation:
 * documentation keywords are dropped, the `starts_with` format (zod's companion of
 * an equivalent `pattern`) is dropped, and each `oneOf` whose branches all fix the
 * same tag property (`type` of nodes, `kind` of actions and rich-text blocks) gets
 * an ajv discriminator: an invalid node then reports only its own widget's errors,
 * and the generated checks are much smaller. `propertyNames: {type: "string"}`
 * (always true of JSON) is dropped too, and so is any union that admits every JSON
 * value (the recursive JSON templates of request bodies): both are always true of
 * parsed JSON, so the checks do not change, they only shrink.
 *
 * Screens are checked by several validators so that a page loads only the checks
 * of the widgets it uses: one for the common widgets and one per group of less
 * common widgets (WIDGET_GROUPS). In each, the nodes of other groups are only
 * checked for their `type`; every node is checked by the validator of its own
 * group (see descriptor-validation.ts).
 */

/**
 * The ajv options of every descriptor validator. Messages are left out of the
 * generated code (they are a tenth of it; `describeError` words the errors), and
 * only small subschemas are inlined (the smallest generated code, measured).
 */
export const AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  discriminator: true,
  messages: false,
  inlineRefs: 4,
} as const;

/** Groups of widget types whose checks are loaded only for screens that use them. */
export const WIDGET_GROUPS: Readonly<Record<string, readonly string[]>> = {
  form: ["form"],
  content: ["section", "heading", "text", "badge", "alert"],
  extra: [
    "tabs",
    "dialog",
    "rich-text",
    "key-value",
    "printed-document",
    "html-frame",
    "selectable-list",
    "progress-bar",
    "skeleton",
    "empty-state",
    "error-panel",
    "button",
    "check-matrix",
  ],
  analytics: [
    "bar-chart",
    "grouped-bar-chart",
    "timeline-chart",
    "line-chart",
    "trend-arrow",
    "risk-bar",
    "tone-dot",
    "scenario-card",
  ],
  records: [
    "record-list",
    "record-form",
    "record-timeline",
    "record-board",
    "record-calendar",
    "record-timeline-view",
    "record-groups",
    "report-builder",
    "dashboard-grid",
    "query-card",
  ],
};

/** The group of a widget type ("common" unless listed in WIDGET_GROUPS). */
export function widgetGroupOf(type: unknown): string {
  for (const [group, types] of Object.entries(WIDGET_GROUPS)) {
    if (typeof type === "string" && types.includes(type)) return group;
  }
  return "common";
}

/** A schema document compiled into a validator module. */
export interface ValidatorDocument {
  file:
    | "screen.schema.json"
    | "routes.schema.json"
    | "shell.schema.json"
    | "portal-shell.schema.json";
  /** For screens: the widget group checked in full. */
  nodes?: string;
  /** Definitions accepted as they are here because another validator checks them. */
  checkedElsewhere?: string[];
}

/**
 * The validator modules of renderer/: the documents each compiles (by key) and
 * what each exports (a document key, or a JSON pointer inside one).
 */
export const VALIDATOR_MODULES: Record<
  string,
  { documents: Record<string, ValidatorDocument>; exports: Record<string, string> }
> = {
  "descriptor-validators.ts": {
    documents: {
      screen: { file: "screen.schema.json", nodes: "common" },
      routes: { file: "routes.schema.json" },
    },
    exports: {
      screenValidator: "screen",
      commonNodeValidator: "screen#/$defs/node",
      actionValidator: "screen#/$defs/action",
      routesValidator: "routes",
    },
  },
  "form-widget-validator.ts": {
    documents: { form: { file: "screen.schema.json", nodes: "form" } },
    exports: { nodeValidator: "form#/$defs/node" },
  },
  "content-widget-validator.ts": {
    documents: { content: { file: "screen.schema.json", nodes: "content" } },
    exports: { nodeValidator: "content#/$defs/node" },
  },
  "extra-widget-validator.ts": {
    documents: { extra: { file: "screen.schema.json", nodes: "extra" } },
    exports: { nodeValidator: "extra#/$defs/node" },
  },
  "analytics-widget-validator.ts": {
    documents: { analytics: { file: "screen.schema.json", nodes: "analytics" } },
    exports: { nodeValidator: "analytics#/$defs/node" },
  },
  "record-widget-validator.ts": {
    documents: { records: { file: "screen.schema.json", nodes: "records" } },
    exports: { nodeValidator: "records#/$defs/node" },
  },
  "shell-validator.ts": {
    // The actions of the user menu are checked with the screens' action validator.
    documents: { shell: { file: "shell.schema.json", checkedElsewhere: ["action"] } },
    exports: { shellValidator: "shell" },
  },
  "portal-shell-validator.ts": {
    documents: {
      portalShell: { file: "portal-shell.schema.json", checkedElsewhere: ["action"] },
    },
    exports: { portalShellValidator: "portalShell" },
  },
};

const DROPPED_KEYWORDS = new Set(["description", "$schema", "default", "examples"]);
const TAGS = ["type", "kind"];

type Json = null | boolean | number | string | Json[] | JsonObject;
type JsonObject = { [key: string]: Json };

/** A copy of a generated schema document, ready for ajv. */
export function prepareSchema(
  document: unknown,
  { nodes, checkedElsewhere = [] }: Omit<ValidatorDocument, "file"> = {},
): JsonObject {
  const schema = strip(document as Json) as JsonObject;
  const defs = isObject(schema.$defs) ? schema.$defs : {};
  if (nodes !== undefined) narrowNodes(defs, nodes);
  for (const name of checkedElsewhere) defs[name] = {};
  hoistRoot(schema, defs);
  const resolve = (value: Json): Json => {
    const ref = isObject(value) ? value.$ref : undefined;
    return typeof ref === "string" && ref.startsWith("#/$defs/")
      ? defs[ref.slice(8)] ?? value
      : value;
  };
  visit(schema, (object) => addDiscriminator(object, resolve));
  for (const [name, def] of Object.entries(defs)) {
    if (admitsAnyJson(def, resolve, new Set([name]))) defs[name] = {};
  }
  return schema;
}

/** Keywords whose value maps names (of properties, definitions) to schemas. */
const NAME_MAPS = new Set(["properties", "$defs", "patternProperties", "dependentSchemas"]);

/**
 * Moves the root's own keywords into a definition the root refers to. Generated
 * checks embed the schema object whose `properties` they consult; for the root that
 * object would carry every definition of the document along.
 */
function hoistRoot(schema: JsonObject, defs: JsonObject): void {
  const own = Object.keys(schema).filter((key) => key !== "$defs");
  if (own.length === 0 || !("properties" in schema)) return;
  defs["document-root"] = Object.fromEntries(own.map((key) => [key, schema[key]]));
  for (const key of own) delete schema[key];
  schema.$ref = "#/$defs/document-root";
  schema.$defs = defs;
}

/** Keeps the full checks of one group of widgets; the others only have their `type` checked. */
function narrowNodes(defs: JsonObject, nodes: string): void {
  const union = defs.node;
  if (!isObject(union) || !Array.isArray(union.oneOf)) return;
  const inScope = (type: string) => widgetGroupOf(type) === nodes;
  const kept: Json[] = [];
  const others: string[] = [];
  for (const branch of union.oneOf) {
    const ref = isObject(branch) ? branch.$ref : undefined;
    const type = typeof ref === "string" ? ref.replace("#/$defs/widget:", "") : "";
    if (inScope(type)) kept.push(branch);
    else {
      others.push(type);
      delete defs[`widget:${type}`];
    }
  }
  // One definition, checked by one function wherever a node may stand (inlining it
  // at each place would repeat the list of other widgets dozens of times). Its five
  // keywords keep ajv from inlining it (inlineRefs: 4); minProperties is implied.
  defs["other-widget"] = {
    type: "object",
    properties: { type: { enum: others } },
    required: ["type"],
    minProperties: 1,
    additionalProperties: true,
  };
  kept.push({ $ref: "#/$defs/other-widget" });
  union.oneOf = kept;
}

function strip(value: Json): Json {
  if (Array.isArray(value)) return value.map(strip);
  if (!isObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (DROPPED_KEYWORDS.has(key) || (key === "format" && child === "starts_with")) continue;
    if (
      key === "propertyNames" && isObject(child) && child.type === "string" &&
      Object.keys(child).length === 1
    ) {
      continue;
    }
    result[key] = NAME_MAPS.has(key) && isObject(child)
      ? Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, strip(schema)]))
      : strip(child);
  }
  return result;
}

function addDiscriminator(object: JsonObject, resolve: (value: Json) => Json): void {
  if (!Array.isArray(object.oneOf) || object.oneOf.length < 2) return;
  const branches = object.oneOf.map(resolve);
  for (const tag of TAGS) {
    const tagged = branches.every((branch) =>
      isObject(branch) && isObject(branch.properties) && Array.isArray(branch.required) &&
      branch.required.includes(tag) && isTagSchema(resolve(branch.properties[tag]))
    );
    if (!tagged) continue;
    for (const branch of branches as JsonObject[]) {
      const properties = branch.properties as JsonObject;
      properties[tag] = resolve(properties[tag]);
    }
    object.discriminator = { propertyName: tag };
    return;
  }
}

const JSON_TYPES = ["string", "number", "boolean", "null", "array", "object"];

/**
 * True when a schema accepts every JSON value: `{}`, or an `anyOf` of the six JSON
 * types whose arrays and objects again hold any JSON value. References being
 * checked count as accepting (the recursion of a JSON template).
 */
function admitsAnyJson(
  schema: Json,
  resolve: (value: Json) => Json,
  checking: Set<string>,
): boolean {
  if (!isObject(schema)) return schema === true;
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const name = ref.replace("#/$defs/", "");
    if (checking.has(name)) return true;
    return Object.keys(schema).length === 1 &&
      admitsAnyJson(resolve(schema), resolve, new Set([...checking, name]));
  }
  if (Object.keys(schema).length === 0) return true;
  if (!Array.isArray(schema.anyOf) || Object.keys(schema).length !== 1) return false;
  const types = new Set<string>();
  for (const branch of schema.anyOf) {
    if (!isObject(branch) || typeof branch.type !== "string") return false;
    const rest = Object.entries(branch).filter(([key]) => key !== "type");
    const open = rest.every(([key, value]) =>
      (branch.type === "array" && key === "items" ||
        branch.type === "object" && key === "additionalProperties") &&
      admitsAnyJson(value, resolve, checking)
    );
    if (!open) return false;
    types.add(branch.type);
  }
  return JSON_TYPES.every((type) => types.has(type));
}

function isTagSchema(schema: Json): boolean {
  return isObject(schema) && ("const" in schema || Array.isArray(schema.enum));
}

function visit(value: Json, onObject: (object: JsonObject) => void): void {
  if (Array.isArray(value)) value.forEach((v) => visit(v, onObject));
  else if (isObject(value)) {
    onObject(value);
    Object.values(value).forEach((v) => visit(v, onObject));
  }
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
