#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for tests and benchmarks, from Debian's postgresql package.
#
#   bash scripts/postgres.sh start DIR   # initdb DIR/data on first use, start it on a free port of
#                                        # 127.0.0.1 (only), print its URL on stdout
#   bash scripts/postgres.sh stop DIR    # stop it (fast shutdown: open transactions are rolled back)
#   bash scripts/postgres.sh url DIR     # print its URL
#
# The cluster listens on 127.0.0.1 only (no Unix socket), with a random password for the user
# "rxadk". Its port is chosen at initdb time and kept, so start after stop gives the same URL.
# initdb refuses to run as root: as root, the server runs as the "postgres" user (which the
# Debian package creates), through runuser.
set -euo pipefail

usage() { echo "usage: $0 start|stop|url DIR" >&2; exit 2; }
[[ $# -eq 2 ]] || usage
command=$1
dir=$2
data="$dir/data"

find_bin() {
  local candidate
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [[ -x "$candidate/initdb" && -x "$candidate/pg_ctl" ]] && { echo "$candidate"; return; }
  done
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return
  fi
  echo "scripts/postgres.sh: PostgreSQL server binaries (initdb, pg_ctl) not found. Install them:" \
    "apt-get install -y postgresql (or run: bash scripts/setup.sh)" >&2
  exit 1
}

# Runs a command as the cluster's owner: "postgres" when we are root, else ourselves.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e '
    const server = require("net").createServer();
    server.listen(0, "127.0.0.1", () => { console.log(server.address().port); server.close(); });'
}

url() {
  echo "postgresql://rxadk:$(cat "$dir/password")@127.0.0.1:$(cat "$dir/port")/postgres"
}

init_cluster() {
  local bin=$1
  mkdir -p "$dir"
  chmod 755 "$dir"
  mkdir -p "$data"
  head -c 18 /dev/urandom | base64 | tr -d '/+=' > "$dir/password"
  free_port > "$dir/port"
  chmod 644 "$dir/password" "$dir/port"
  if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || { echo "scripts/postgres.sh: no 'postgres' user to run the server as" >&2; exit 1; }
    chown postgres "$data"
  fi
  as_owner "$bin/initdb" -D "$data" -U rxadk --pwfile="$dir/password" --auth=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
      cat "$dir/initdb.log" >&2
      exit 1
    }
  cat >> "$data/postgresql.conf" <<EOF

# scripts/postgres.sh: a local test cluster
listen_addresses = '127.0.0.1'
port = $(cat "$dir/port")
unix_socket_directories = ''
max_connections = 100
# a throw-away cluster: no flush to disk on commit or checkpoint (CREATE DATABASE and every commit
# stay fast on a loaded machine). A killed client or server loses nothing with these; only an OS
# crash would, and the cluster is thrown away after the run.
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
}

case $command in
  start)
    bin=$(find_bin)
    [[ -f "$data/PG_VERSION" ]] || init_cluster "$bin"
    as_owner "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 start >/dev/null || {
      tail -n 20 "$data/server.log" >&2 || true
      exit 1
    }
    url
    ;;
  stop)
    [[ -f "$data/PG_VERSION" ]] || exit 0
    bin=$(find_bin)
    if as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
      as_owner "$bin/pg_ctl" -D "$data" -m fast -w -t 60 stop >/dev/null
    fi
    ;;
  url)
    url
    ;;
  *)
    usage
    ;;
esac
