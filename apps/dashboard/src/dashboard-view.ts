/**
 * The dashboard's view: one HTML page the host renders in a sandboxed iframe. It speaks the MCP Apps
 * protocol over postMessage with no library (a bundled app would use ext-apps' `App` class): `ui/initialize`,
 * then it shows the tool result the host hands it, and its button calls the `load_stats` tool back through
 * the host. It also renders questions (SEP-3118): it declares `elicitation` when it initializes, and answers
 * the host's `elicitation/create` with the form it draws from the question's schema.
 */
export const DASHBOARD_VIEW = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Service dashboard</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 12px; }
  #stats { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; margin: 8px 0; }
  .tile { border: 1px solid #ccc; border-radius: 6px; padding: 8px; }
  .tile b { display: block; font-size: 20px; }
  label { display: block; margin: 8px 0 2px; font-weight: 600; }
  small { display: block; color: #555; margin-bottom: 8px; }
  [hidden] { display: none; }
</style>
</head>
<body>
<section id="dashboard">
<h1>Service dashboard</h1>
<div id="stats" data-testid="stats">waiting for the host...</div>
<button id="refresh" data-testid="refresh">Refresh</button>
<p id="status" data-testid="status"></p>
</section>
<form id="question" data-testid="question" hidden>
<h1>Service dashboard</h1>
<p id="message"></p>
<div id="fields"></div>
<button type="submit">Save</button>
<button type="button" id="decline">Decline</button>
</form>
<script>
  let nextId = 1;
  const pending = new Map();
  function request(method, params) {
    const id = nextId++;
    window.parent.postMessage({ jsonrpc: '2.0', id, method, params }, '*');
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  }
  function show(result) {
    const stats = result && result.structuredContent;
    if (!stats) return;
    document.getElementById('stats').innerHTML = Object.entries(stats)
      .map(([k, v]) => '<div class="tile">' + k + '<b>' + v + '</b></div>')
      .join('');
  }
  // the host's question (SEP-3118): a form drawn from its schema, answered with an ElicitResult
  function ask(id, params) {
    const schema = params.requestedSchema || { properties: {} };
    document.getElementById('dashboard').hidden = true;
    document.getElementById('message').textContent = params.message;
    const fields = document.getElementById('fields');
    fields.replaceChildren();
    for (const [name, p] of Object.entries(schema.properties)) {
      const label = document.createElement('label');
      label.textContent = p.title || name;
      const input = document.createElement('input');
      input.name = name;
      input.type = p.type === 'integer' || p.type === 'number' ? 'number' : 'text';
      input.required = (schema.required || []).includes(name);
      label.appendChild(input);
      const help = document.createElement('small');
      help.textContent = p.description || '';
      fields.append(label, help);
    }
    const form = document.getElementById('question');
    form.hidden = false;
    const reply = (result) => {
      form.hidden = true;
      window.parent.postMessage({ jsonrpc: '2.0', id, result }, '*');
    };
    form.onsubmit = (event) => {
      event.preventDefault();
      const content = {};
      for (const input of fields.querySelectorAll('input'))
        content[input.name] = input.type === 'number' ? Number(input.value) : input.value;
      reply({ action: 'accept', content });
    };
    document.getElementById('decline').onclick = () => reply({ action: 'decline' });
  }
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || m.jsonrpc !== '2.0') return;
    if (m.method === 'elicitation/create' && m.id !== undefined) ask(m.id, m.params);
    else if (m.id !== undefined && pending.has(m.id)) {
      const p = pending.get(m.id);
      pending.delete(m.id);
      m.error ? p.reject(new Error(m.error.message)) : p.resolve(m.result);
    } else if (m.method === 'ui/notifications/tool-result') show(m.params);
  });
  document.getElementById('refresh').addEventListener('click', async () => {
    document.getElementById('status').textContent = 'refreshing...';
    const result = await request('tools/call', { name: 'load_stats', arguments: {} });
    show(result);
    document.getElementById('status').textContent = 'refreshed by the view';
  });
  request('ui/initialize', {
    protocolVersion: '2026-01-26',
    appInfo: { name: 'dashboard-view', version: '1.0.0' },
    appCapabilities: { elicitation: {} },
  }).then(() => window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }, '*'));
</script>
</body>
</html>
`;
