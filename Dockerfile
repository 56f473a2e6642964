# Production images. The default target is the API serving the shell and the travellers' areas on one port;
# `--target admin-assets` is the staff area's bundle on a static web server of its own (its own origin).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
# The staff area's build leaves the tree: the travellers' origin never serves it.
RUN npm install --no-audit --no-fund \
 && NX_DAEMON=false npx nx run-many -t build --outputStyle=static \
 && npm prune --omit=dev --no-audit --no-fund \
 && mv mf-admin/dist /admin-dist

# The staff area: nginx with the configuration in deploy/admin-assets (PORTAL_ORIGIN is the portal's origin, for CORS).
FROM nginx:1.27-alpine AS admin-assets
COPY deploy/admin-assets/default.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /admin-dist /usr/share/nginx/html/admin
RUN mkdir -p /usr/share/nginx/html/releases/admin
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/admin/mf-manifest.json || exit 1

FROM node:20-bookworm-slim AS api
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/var/lib/waypoint
# Large buffers (uploads, decoded pictures) are mapped and unmapped rather than kept in malloc's arenas, and
# --expose-gc lets the API collect them once uploads stop: memory returns to its baseline after a burst.
ENV MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /var/lib/waypoint && chown node:node /var/lib/waypoint
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--expose-gc", "services/api/dist/server.js"]
