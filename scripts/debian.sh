# Sourced by the scripts that make sure a test dependency is on this machine
# (postgres.sh, chromium.sh): Debian's packages installed with apt-get, as root or sudo.

# install_debian NAME ADVICE PACKAGE...: install PACKAGEs, saying so on stderr as NAME;
# without apt-get, print ADVICE and exit 1.
install_debian() {
  local name=$1 advice=$2
  shift 2
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "$name: $advice" >&2
    exit 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "$name: installing Debian's $1 package" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "$@" >/dev/null
}
