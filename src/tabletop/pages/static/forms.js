// @ts-check
/**
 * Forms that call the JSON API: a <form data-api="/api/..."> is sent as JSON with the
 * session's CSRF header (from <meta name="csrf">), its errors are shown in the form's
 * [role=alert], and on success the page goes to data-next ("reload", or a path whose
 * {key} parts are filled from the answer, as "/t/{id}").
 *
 * Field names are paths: "options.factions" sets body.options.factions, "seats[]"
 * appends. data-type says how a value is read: "bool" (a checkbox), "int", "seat"
 * ("me", "open" or "bot:NAME"; empty: no seat); an empty field marked data-optional is
 * left out.
 */

/** @returns {string} */
export function csrfToken() {
  const meta = document.querySelector('meta[name="csrf"]');
  return meta instanceof HTMLMetaElement ? meta.content : "";
}

/**
 * POST a JSON body to the API.
 * @param {string} url
 * @param {unknown} body
 * @returns {Promise<{ok: boolean, status: number, data: any}>}
 */
export async function post(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { detail: `the server answered ${response.status}` };
  }
  return { ok: response.ok, status: response.status, data };
}

/**
 * @param {Record<string, any>} body
 * @param {string} path
 * @param {unknown} value
 */
function put(body, path, value) {
  const parts = path.split(".");
  /** @type {Record<string, any>} */
  let node = body;
  for (const part of parts.slice(0, -1)) {
    node = node[part] ??= {};
  }
  const last = parts[parts.length - 1];
  if (last.endsWith("[]")) {
    (node[last.slice(0, -2)] ??= []).push(value);
  } else {
    node[last] = value;
  }
}

/**
 * The form's fields as the API's JSON body.
 * @param {HTMLFormElement} form
 * @returns {Record<string, any>}
 */
export function collect(form) {
  /** @type {Record<string, any>} */
  const body = {};
  for (const field of Array.from(form.elements)) {
    if (
      !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) ||
      !field.name
    ) {
      continue;
    }
    const type = field.dataset.type ?? "text";
    if (type === "bool" && field instanceof HTMLInputElement) {
      put(body, field.name, field.checked);
    } else if (type === "int") {
      if (field.value !== "") put(body, field.name, Number(field.value));
    } else if (type === "seat") {
      if (!field.value) continue;
      const [kind, ...rest] = field.value.split(":");
      put(body, field.name, kind === "bot" ? { kind, name: rest.join(":") } : { kind });
    } else if (!(field.value === "" && field.dataset.optional !== undefined)) {
      put(body, field.name, field.value);
    }
  }
  return body;
}

/**
 * @param {string} template
 * @param {Record<string, any>} data
 */
function fill(template, data) {
  return template.replace(/\{(\w+)\}/g, (_, key) => encodeURIComponent(String(data?.[key] ?? "")));
}

/** @param {SubmitEvent} event */
async function submit(event) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.api) return;
  event.preventDefault();
  const alert = form.querySelector('[role="alert"]') ?? document.querySelector('main [role="alert"]');
  const button = form.querySelector('button[type="submit"]');
  if (button instanceof HTMLButtonElement) button.disabled = true;
  try {
    const { ok, data } = await post(form.dataset.api, collect(form));
    if (!ok) {
      if (alert instanceof HTMLElement) {
        alert.textContent = String(data?.detail ?? "that did not work");
        alert.hidden = false;
      }
      return;
    }
    const next = form.dataset.next ?? "reload";
    if (next === "reload") window.location.reload();
    else window.location.assign(fill(next, data));
  } finally {
    if (button instanceof HTMLButtonElement) button.disabled = false;
  }
}

document.addEventListener("submit", (event) => void submit(event));
