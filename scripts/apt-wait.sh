# Sourced by the ensure-*.sh scripts: apt-get that waits while another package install holds
# the package manager's locks (an unattended upgrade, an apt-get running beside the tests)
# instead of failing at once. dpkg's lock waits through apt's own DPkg::Lock::Timeout; the
# package lists' lock (apt-get update) has no such option, so that call is tried again.
APT_LOCK_WAIT_S="${APT_LOCK_WAIT_S:-600}"

apt_get() {
  local end=$((SECONDS + APT_LOCK_WAIT_S)) out
  until out="$(apt-get -o "DPkg::Lock::Timeout=$APT_LOCK_WAIT_S" "$@" 2>&1)"; do
    if ! grep -q 'Could not get lock' <<<"$out" || [ "$SECONDS" -ge "$end" ]; then
      printf '%s\n' "$out" >&2
      return 1
    fi
    echo "apt-get $1: another package install holds the lock; waiting..." >&2
    sleep 5
  done
  printf '%s\n' "$out" >&2
}
