# Reelsmith in a container. Not built in CI here (no Docker engine on the development machine):
# see docs/deploy.md "Containers". The install is scripts/setup.sh itself, as on a machine.
FROM node:20-bookworm-slim

WORKDIR /app
COPY . .
# Debian packages (ffmpeg, espeak-ng, Festival, fonts, a compiler for better-sqlite3, chromium for
# the dashboard's browser test), npm install, dashboard build; apt lists removed afterwards.
RUN bash scripts/setup.sh && rm -rf /var/lib/apt/lists/* /root/.npm

# MALLOC_ARENA_MAX=2: glibc keeps fewer per-thread heaps (libvips' and ffmpeg's threads); ~70 MB
# off a render's peak at the same CPU (docs/rendering.md "Peak memory"). glibc reads it at start;
# serve, worker and render would re-execute themselves with it if it were unset (bin/process-env.js).
ENV DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080 \
    MALLOC_ARENA_MAX=2
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.status===503?1:0),()=>process.exit(1))"

# `serve` by default; `worker`, `migrate`, `account create ...` as the command.
ENTRYPOINT ["node", "bin/reelsmith.js"]
CMD ["serve"]
