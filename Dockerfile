# Production image: the API serving every front-end bundle on one port.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund \
 && NX_DAEMON=false npx nx run-many -t build --outputStyle=static \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
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
