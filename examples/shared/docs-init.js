// The docs page's start-up script (served at /docs/docs-init.js by examples/shared/docs-page.ts): Swagger UI on the
// document named by the page's data-url, with operationIds shown and no call to an online validator.

// Swagger UI first asks for an input component named after a parameter's format (`JsonSchema_string_date-time` for
// the `createdAt[gt]` filter), warns on the console when there is none, then falls back to the plain string input.
// These are that plain input under the format names the document uses, so the page logs nothing.
const FORMAT_INPUTS = ['date-time', 'date'];
const FormatInputsPlugin = (system) => ({
  components: Object.fromEntries(
    FORMAT_INPUTS.map((format) => [
      `JsonSchema_string_${format}`,
      (props) => system.React.createElement(system.getComponent('JsonSchema_string'), props),
    ]),
  ),
});

window.ui = SwaggerUIBundle({
  url: document.getElementById('swagger-ui').dataset.url,
  dom_id: '#swagger-ui',
  deepLinking: true,
  displayOperationId: true,
  displayRequestDuration: true,
  validatorUrl: null,
  plugins: [FormatInputsPlugin],
});
