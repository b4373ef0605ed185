// The docs page's start-up script (served at /docs/docs-init.js by examples/shared/docs-page.ts): Swagger UI on the
// document named by the page's data-url, with operationIds shown and no call to an online validator.
window.ui = SwaggerUIBundle({
  url: document.getElementById('swagger-ui').dataset.url,
  dom_id: '#swagger-ui',
  deepLinking: true,
  displayOperationId: true,
  displayRequestDuration: true,
  validatorUrl: null,
});
