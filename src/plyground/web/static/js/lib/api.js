// The JSON API: one call, and the error it raises with the server's message.

class ApiError extends Error {
  // `field`: where in the request body the server found the problem ("players.1.name"), if
  // it is one field's.
  constructor(status, message, field = null) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

export async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError(0, "the server cannot be reached: is plyground serve still running?");
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.error || `HTTP ${response.status}`, data.field ?? null);
  return data;
}
