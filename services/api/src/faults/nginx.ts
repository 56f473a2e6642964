/**
 * The nginx configuration of a proxy run on this machine for tests and benchmarks: in the foreground, its pid and
 * temporary files in `dir` (which its unprivileged worker can write), no access log, errors on stderr at
 * `errorLevel`, and `http` (upstreams and servers) inside the `http` block.
 */
export function localNginxConfig(
  dir: string,
  {
    errorLevel,
    connections,
    http,
  }: { errorLevel: 'warn' | 'error'; connections: number; http: string },
): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log stderr ${errorLevel};
events { worker_connections ${connections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}}
`;
}
